// swift-tools-version:6.1
import PackageDescription

/// libgit2's static archive and its own libraries' archives (`pkg-config --static --libs libgit2`
/// and libssh2's libcrypto), from the system's library folder. Kerberos has no static archive:
/// `CGSSAPILazy` loads it when libgit2 first asks for it.
let staticLibgit2 = ["git2", "mbedtls", "mbedx509", "mbedcrypto", "http_parser", "ssh2", "crypto", "pcre2-8", "z"]
    .flatMap { ["-Xlinker", "-l:lib\($0).a"] }

let package = Package(
    name: "Carousel",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "carousel", targets: ["carousel"]),
        .library(name: "CarouselCore", targets: ["CarouselCore"]),
        .executable(name: "carousel-caldav", targets: ["carousel-caldav"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Only `carousel-serve` links it; default traits off to keep builds short.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // Already under Hummingbird; named for the router tests' in-memory channel.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Already under Hummingbird (HummingbirdTLS); `carousel serve --lan`'s HTTPS, in `carousel-serve` only.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // `carousel caldav`'s HTTP client and its XML reader, in `carousel-caldav` only.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/drmohundro/SWXMLHash", from: "8.1.1"),
    ],
    targets: [
        // The system libgit2's headers (Debian: libgit2-dev 1.5.1). Nothing else lives here; how
        // it is linked is CarouselGit's linker settings. No `pkgConfig` (nor `link` in the module
        // map): either adds `-lgit2` to every link, and the linker then takes the shared library
        // in a release build too. `make demo` installs libgit2-dev.
        .systemLibrary(name: "Clibgit2"),
        // SHA-1 with the CPU's SHA instructions, for the checksums CarouselGit writes itself.
        .target(name: "CSHA1"),
        // Kerberos for libgit2's static archive, loaded on first use (release builds only).
        .target(
            name: "CGSSAPILazy",
            cSettings: [.define("CAROUSEL_LAZY_GSSAPI", .when(configuration: .release))]
        ),
        // The only code that touches libgit2. A debug build links the shared libgit2 (a short
        // link for `make test`); a release build links its static archive and those of its own
        // libraries, so the program loads no library for git when it starts
        // (docs/performance.md, "Start-up"; Debian's -dev packages for them come with libgit2-dev).
        .target(
            name: "CarouselGit",
            dependencies: ["Clibgit2", "CSHA1", "CGSSAPILazy"],
            linkerSettings: [
                .linkedLibrary("git2", .when(platforms: [.macOS])),
                .linkedLibrary("git2", .when(platforms: [.linux], configuration: .debug)),
                .unsafeFlags(staticLibgit2, .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // The domain: vault files, front-matter, cards, recurrence, index, views.
        .target(
            name: "CarouselCore",
            dependencies: [
                "CarouselGit",
                .product(name: "Yams", package: "Yams"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's own C functions: the refresh's stamp scan and the cold index's bulk
                // insert (`CardIndex+bulk.swift`), with no boxing per row.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The devices paired with `carousel serve --lan` (`.carousel/devices.json`), shared by the
        // server and `carousel serve --devices/--revoke`; no network code.
        .target(name: "CarouselDevices", dependencies: ["CarouselCore"]),
        // The command line: parses arguments, calls the core, renders. A library with one entry
        // point (`CommandLineRun`), so the tests can run it in-process.
        .target(
            name: "CarouselCLI",
            dependencies: [
                "CarouselCore",
                "CarouselDevices",
                // Only to have libgit2 read the environment again for an in-process run.
                "CarouselGit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `carousel` program: the entry point over the process's own streams. It stays
        // position-independent: linked at a fixed address it would start 1.2 ms sooner, but the
        // code that reads what a remote sends would sit at the same address in every run
        // (docs/performance.md, "Start-up").
        .executableTarget(
            name: "carousel",
            dependencies: ["CarouselCLI"],
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                                          .when(platforms: [.linux], configuration: .release))]
        ),
        // `carousel serve`: the views as a local web page. A separate binary so the command
        // line never links or loads the web server.
        .target(
            name: "CarouselWeb",
            dependencies: [
                "CarouselCore",
                "CarouselDevices",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .executableTarget(name: "carousel-serve", dependencies: ["CarouselWeb"]),
        // `carousel caldav`: two-way sync with a CalDAV task list and calendar. A separate
        // program, as `carousel-serve` is, so the command line never links an HTTP client.
        .target(
            name: "CarouselCalDAV",
            dependencies: [
                "CarouselCore",
                // Only to read the vault's HEAD: a sync with nothing new skips reading every card.
                "CarouselGit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "SWXMLHash", package: "SWXMLHash"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .executableTarget(name: "carousel-caldav", dependencies: ["CarouselCalDAV"]),
        // Fuzz targets: libFuzzer entry points under `make fuzz`, replay tools otherwise.
        .target(name: "FuzzSupport"),
        .executableTarget(name: "fuzz-card", dependencies: ["CarouselCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-rule", dependencies: ["CarouselCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-merge", dependencies: ["CarouselCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-tree", dependencies: ["CarouselCore", "CarouselGit", "FuzzSupport"]),
        .testTarget(name: "CarouselGitTests", dependencies: ["CarouselGit"]),
        // The seeded vault the core's and the command line's read tests share.
        .target(name: "CarouselFixtures", path: "Tests/CarouselFixtures"),
        .testTarget(
            name: "CarouselCoreTests",
            dependencies: ["CarouselCore", "CarouselFixtures"]
        ),
        // The command line's behaviour, run in-process, and end-to-end runs of the built
        // `carousel` binary where a real process is needed, against temporary vaults.
        // `carousel caldav` runs against Radicale and Xandikos started by the tests, so they need
        // `carousel-caldav` built too.
        .testTarget(name: "CarouselCLITests", dependencies: ["carousel", "carousel-caldav", "CarouselCLI", "CarouselFixtures"],
                    exclude: ["Fixtures"]),
        // The web server: router tests in process (no sockets), and a headless browser against the binary.
        .testTarget(
            name: "CarouselServeTests",
            dependencies: [
                "CarouselWeb",
                "carousel",
                "carousel-serve",
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
    ]
)

// `make test` builds with CAROUSEL_STRICT=1, so a warning in the project's own Swift code fails
// the build (the dependencies' warnings are theirs and are not shown).
if Context.environment["CAROUSEL_STRICT"] == "1" {
    for target in package.targets where target.type != .system && !["CSHA1", "CGSSAPILazy"].contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
    }
}
