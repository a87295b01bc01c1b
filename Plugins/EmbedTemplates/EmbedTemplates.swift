import Foundation
import PackagePlugin

/// Compiles the default theme in `Templates/` into the renderer, so a binary copied on its own to
/// `/usr/local/bin` still has its theme (SwiftPM resource bundles must sit beside the binary).
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: templates.path)
            .filter {
                !$0.hasPrefix(".")
                    && ($0.hasSuffix(".html") || $0.hasSuffix(".css") || $0.hasSuffix(".json"))
            }
            .sorted()
        let inputs = names.map { templates.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme+Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding the default theme from Templates/",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
