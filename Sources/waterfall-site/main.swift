import WaterfallSiteCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// All behaviour lives in WaterfallSiteCLI so it can be tested in-process.
exit(WaterfallSite.run(Array(CommandLine.arguments.dropFirst())).rawValue)
