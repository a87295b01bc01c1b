import Foundation
import WaterfallSiteCLI

// All behaviour lives in WaterfallSiteCLI so it can be tested in-process.
let arguments = Array(CommandLine.arguments.dropFirst())
#if os(Linux)
HugePages.restartIfUseful(arguments: arguments)
#endif
exit(WaterfallSite.run(arguments, exitsAfterwards: true).rawValue)
