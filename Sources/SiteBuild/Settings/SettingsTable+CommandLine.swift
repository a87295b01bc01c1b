#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SettingsTable {
    /// Applies every command-line flag of ``buildOptions`` that has a ``SettingDeclaration/Store``
    /// to `settings`; `value` gives a flag's last value, `has` whether a flag without one was
    /// given (both by the flag's long name). Paths are relative to `workingFolder`. A number out
    /// of range, or a flag with its opposite, is a usage error of `command`.
    public static func applyCommandLine(
        value: (String) -> String?, has: (String) -> Bool, workingFolder: URL, command: String,
        to settings: inout BuildSettings
    ) throws(SiteBuildError) {
        let stored = buildOptions.flatMap { declaration in
            declaration.flags.compactMap { flag in
                flag.store.map { (flag.names[0], $0, declaration.numeric) }
            }
        }
        for (name, store, numeric) in stored {
            switch store {
            case .on(let path):
                if has(name) { settings[keyPath: path] = true }
                // Each pair turns one setting on and off; both at once is a usage error.
                for case (let other, .off(let offPath), _) in stored
                where offPath == path && has(name) && has(other) {
                    throw .invalidOption(.contradict(first: name, second: other), command: command)
                }
            case .off(let path):
                if has(name) { settings[keyPath: path] = false }
            case .text(let path):
                if let text = value(name) { settings[keyPath: path] = text }
            case .input(let path), .written(let path):
                if let text = value(name) {
                    settings[keyPath: path] = PathText.resolve(text, relativeTo: workingFolder)
                }
            case .number(let store):
                if let text = value(name), let numeric {
                    store(&settings, try numeric.parse(text, command: command))
                }
            case .choice(let names, let store):
                if let text = value(name) {
                    guard names.contains(text) else {
                        throw .invalidOption(
                            .notAChoice(option: name, given: text, choices: names), command: command
                        )
                    }
                    store(&settings, text)
                }
            }
        }
    }
}
