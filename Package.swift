// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Carousel",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "carousel", targets: ["carousel"]),
        .library(name: "CarouselCore", targets: ["CarouselCore"]),
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
    ],
    targets: [
        // The system libgit2 (Debian: libgit2-dev 1.5.1). Nothing else lives here.
        .systemLibrary(
            name: "Clibgit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"])]
        ),
        // SHA-1 with the CPU's SHA instructions, for the checksums CarouselGit writes itself.
        .target(name: "CSHA1"),
        // The only code that touches libgit2.
        .target(
            name: "CarouselGit",
            dependencies: ["Clibgit2", "CSHA1"]
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
        // The `carousel` program: the entry point over the process's own streams.
        .executableTarget(name: "carousel", dependencies: ["CarouselCLI"]),
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
        // Fuzz targets: libFuzzer entry points under `make fuzz`, replay tools otherwise.
        .target(name: "FuzzSupport"),
        .executableTarget(name: "fuzz-card", dependencies: ["CarouselCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-rule", dependencies: ["CarouselCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-merge", dependencies: ["CarouselCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-tree", dependencies: ["CarouselCore", "CarouselGit", "FuzzSupport"]),
        .testTarget(name: "CarouselGitTests", dependencies: ["CarouselGit"]),
        .testTarget(
            name: "CarouselCoreTests",
            dependencies: ["CarouselCore"]
        ),
        // The command line's behaviour, run in-process, and end-to-end runs of the built
        // `carousel` binary where a real process is needed, against temporary vaults.
        .testTarget(name: "CarouselCLITests", dependencies: ["carousel", "CarouselCLI"], exclude: ["Fixtures"]),
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
