/// What `carousel serve` and the `carousel-serve` program both say about `--lan`'s flags.
public enum ServeSaid {
    public static let tlsPair = "--tls-cert and --tls-key go together: the certificate and its private key, both PEM"
    public static let listenAndLAN = "--listen and --lan do not go together; --lan-address picks the address for --lan"
}
