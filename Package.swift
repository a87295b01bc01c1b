// swift-tools-version:6.0
import PackageDescription

// The module graph runs one way: the C shim feeds the scanner, the pure layout engine feeds the
// renderer, and the CLI library joins them behind a few-line executable.
let package = Package(
    name: "waterfall-site",
    products: [
        .executable(name: "waterfall-site", targets: ["waterfall-site"]),
        .library(name: "PhotoScanner", targets: ["PhotoScanner"]),
        .library(name: "MasonryLayout", targets: ["MasonryLayout"]),
        .library(name: "PhotoRenditions", targets: ["PhotoRenditions"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .target(name: "CImageHeaders", dependencies: ["CJPEG", "CPNG"]),
        .target(name: "PhotoScanner", dependencies: ["CImageHeaders"]),
        .target(name: "MasonryLayout"),
        // Renditions: decode, resize, encode (C, the only place that jumps) and the Swift side
        // that picks widths from the layout, names files by content and runs them in parallel.
        .target(name: "CImageRenditions", dependencies: ["CJPEG", "CPNG"]),
        .target(name: "PhotoRenditions", dependencies: ["CImageRenditions", "MasonryLayout"]),
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["TemplateEmbedder"]),
        .target(name: "SiteRenderer", dependencies: ["MasonryLayout"], plugins: ["EmbedTemplates"]),
        .target(name: "WaterfallSiteCLI", dependencies: ["PhotoScanner", "PhotoRenditions", "MasonryLayout", "SiteRenderer"]),
        .executableTarget(name: "waterfall-site", dependencies: ["WaterfallSiteCLI"]),
        .executableTarget(name: "layout-benchmark", dependencies: ["MasonryLayout"], path: "Benchmarks/layout-benchmark"),
        .testTarget(name: "PhotoScannerTests", dependencies: ["PhotoScanner"]),
        .testTarget(name: "MasonryLayoutTests", dependencies: ["MasonryLayout"]),
        .testTarget(name: "PhotoRenditionsTests", dependencies: ["PhotoRenditions", "CImageRenditions"]),
        .testTarget(name: "SiteRendererTests", dependencies: ["SiteRenderer", "MasonryLayout"], exclude: ["Snapshots"]),
        .testTarget(name: "WaterfallSiteCLITests", dependencies: ["WaterfallSiteCLI", "waterfall-site"]),
    ],
    swiftLanguageModes: [.v6]
)
