// swift-tools-version:6.0
import Foundation
import PackageDescription

/// A process fitting (Sources/ProcessFittings/README.md): on Linux the executable links libstdc++
/// (which the Swift runtime uses) statically when the compiler's static archive is installed (it
/// comes with the toolchain's libstdc++-dev), so no run loads and relocates libstdc++.so.6. The
/// folder holds a linker script named like the shared library that asks for the archive; the
/// Swift driver always passes "-lstdc++", and a "-L" of ours is searched before the compiler's.
/// A link-time fitting cannot read the run's environment, so the switch acts when building:
/// `WATERFALL_SITE_NO_FITTINGS=1 swift build` links the shared library.
let staticLibstdcxx: [LinkerSetting] = {
    let fittingsOff = ProcessInfo.processInfo.environment["WATERFALL_SITE_NO_FITTINGS"]
    guard fittingsOff == nil || fittingsOff == "" || fittingsOff == "0" else { return [] }
    let gcc = "/usr/lib/gcc"
    let archives = ((try? FileManager.default.contentsOfDirectory(atPath: gcc)) ?? []).flatMap {
        triple in
        ((try? FileManager.default.contentsOfDirectory(atPath: "\(gcc)/\(triple)")) ?? []).map {
            "\(gcc)/\(triple)/\($0)/libstdc++.a"
        }
    }
    guard archives.contains(where: FileManager.default.fileExists(atPath:)) else { return [] }
    let folder = Context.packageDirectory + "/Sources/ProcessFittings/StaticLibstdcxx"
    return [.unsafeFlags(["-L" + folder], .when(platforms: [.linux]))]
}()

// The module graph runs one way: the C shim feeds the scanner, the pure layout engine feeds the
// renderer, and the CLI library joins them behind a few-line executable.
let package = Package(
    name: "waterfall-site",
    products: [
        .executable(name: "waterfall-site", targets: ["waterfall-site"]),
        .library(name: "PhotoScanner", targets: ["PhotoScanner"]),
        .library(name: "MasonryLayout", targets: ["MasonryLayout"]),
        .library(name: "PhotoRenditions", targets: ["PhotoRenditions"]),
        .library(name: "PreviewServer", targets: ["PreviewServer"]),
        .library(name: "SiteBuild", targets: ["SiteBuild"]),
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
        // libheif, libwebp and libwebpdemux are opened with dlopen on first use, not linked: they
        // bring libx265, libde265, libdav1d, libaom and libstdc++, whose loading cost every run
        // milliseconds (only their headers are needed to build: libheif-dev, libwebp-dev).
        .target(name: "CCodecLoader", linkerSettings: [.linkedLibrary("dl")]),
        // Process-level speed fittings, fenced: one environment switch turns them all off
        // (Sources/ProcessFittings/README.md).
        .target(name: "ProcessFittings", exclude: ["StaticLibstdcxx", "README.md"]),
        // The C layer under both image shims: format sniffing, messages, the byte sources and the
        // libjpeg error manager, defined once (its header draws the C targets' graph).
        .target(name: "CImageSupport", dependencies: ["CJPEG"]),
        .target(
            name: "CImageHeaders", dependencies: ["CImageSupport", "CJPEG", "CPNG", "CCodecLoader"]),
        // The one rule for reading an input file (photos, static files, theme, logo, favicon,
        // metadata, the rendition store): no dependencies, so every reader can use it.
        .target(name: "InputFiles"),
        // The one way the build runs work in parallel (threads, claimed items, --jobs honoured).
        .target(name: "Workers"),
        .target(name: "PhotoScanner", dependencies: ["CImageHeaders", "InputFiles", "Workers"]),
        .target(name: "MasonryLayout"),
        // Renditions: decode, resize, encode (C, the only place that jumps) and the Swift side
        // that picks widths from the layout, names files by content and runs them in parallel.
        // It reads the codec's own size through the header shim before it decodes anything.
        .target(
            name: "CImageRenditions",
            dependencies: ["CImageSupport", "CJPEG", "CPNG", "CCodecLoader", "CImageHeaders"]),
        .target(
            name: "PhotoRenditions",
            dependencies: ["CImageRenditions", "MasonryLayout", "InputFiles", "Workers"]),
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplates", capability: .buildTool(), dependencies: ["TemplateEmbedder"]),
        .target(name: "SiteRenderer", dependencies: ["MasonryLayout"], plugins: ["EmbedTemplates"]),
        // The HTTP server of `serve`: POSIX sockets only, and nothing about galleries. It opens
        // what it sends by the input-file rule, refusing every symlink.
        .target(name: "PreviewServer", dependencies: ["InputFiles"]),
        // The site build: settings, metadata, the stages from scan to pages, and the publisher
        // that swaps the finished site in. Everything a command does to the file system is here.
        .target(
            name: "SiteBuild",
            dependencies: [
                "InputFiles", "PhotoScanner", "PhotoRenditions", "MasonryLayout", "SiteRenderer",
                "ProcessFittings", "Workers",
            ]),
        .target(
            name: "WaterfallSiteCLI",
            dependencies: [
                "SiteBuild", "PhotoScanner", "PhotoRenditions", "MasonryLayout", "SiteRenderer",
                "PreviewServer", "Workers",
            ]),
        .executableTarget(
            name: "waterfall-site", dependencies: ["WaterfallSiteCLI"],
            linkerSettings: staticLibstdcxx),
        .executableTarget(
            name: "layout-benchmark", dependencies: ["MasonryLayout"],
            path: "Benchmarks/layout-benchmark"),
        .testTarget(name: "ProcessFittingsTests", dependencies: ["ProcessFittings"]),
        .testTarget(name: "InputFilesTests", dependencies: ["InputFiles", "TestSupport"]),
        .testTarget(name: "WorkersTests", dependencies: ["Workers"]),
        .testTarget(name: "PhotoScannerTests", dependencies: ["PhotoScanner"]),
        .testTarget(name: "MasonryLayoutTests", dependencies: ["MasonryLayout"]),
        .testTarget(
            name: "PhotoRenditionsTests",
            dependencies: ["PhotoRenditions", "CImageRenditions", "TestSupport"]),
        .testTarget(
            name: "SiteRendererTests",
            dependencies: ["SiteRenderer", "MasonryLayout", "TestSupport"],
            exclude: ["Snapshots"]),
        .testTarget(name: "PreviewServerTests", dependencies: ["PreviewServer", "TestSupport"]),
        // Helpers the test targets share (a temporary folder, random texts); no product depends on it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "SiteBuildTests", dependencies: ["SiteBuild", "PhotoScanner", "TestSupport"]),
        .testTarget(
            name: "WaterfallSiteCLITests",
            dependencies: ["WaterfallSiteCLI", "SiteBuild", "waterfall-site", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
