import ProcessFittings
import WaterfallSiteCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// All behaviour lives in WaterfallSiteCLI so it can be tested in-process; the huge-page restart
// (a process fitting) has to come first, before anything is allocated.
let arguments = Array(CommandLine.arguments.dropFirst())
#if os(Linux)
    HugePages.restartIfUseful(arguments: arguments)
#endif
exit(WaterfallSite.run(arguments, exitsAfterwards: true).rawValue)
