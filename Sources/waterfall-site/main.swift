import Foundation
import WaterfallSiteCLI

// All behaviour lives in WaterfallSiteCLI so it can be tested in-process.
exit(WaterfallSite.run(Array(CommandLine.arguments.dropFirst())).rawValue)
