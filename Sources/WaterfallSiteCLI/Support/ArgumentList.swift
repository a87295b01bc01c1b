import SiteBuild

/// A small command-line reader: `--name value`, `--name=value`, `-o value`, flags, positionals,
/// and `--` to end options. Each command declares what it accepts, so a misspelt option is a
/// usage error that names it instead of being ignored.
///
/// Arrays searched in order, not dictionaries: a command line has a handful of arguments, and
/// the first dictionary keyed by `String` in a process costs the Swift runtime a search of every
/// protocol conformance in the executable, a tenth of a millisecond of `scan`'s start-up.
struct ArgumentList {
    struct Option {
        var names: [String]
        var takesValue: Bool
    }

    /// The flags of `declarations`, as this reader takes them.
    static func options(_ declarations: [SettingDeclaration]) -> [Option] {
        // A key only the settings file has (`links`) has no flag.
        declarations.flatMap(\.flags).filter { !$0.names.isEmpty }.map {
            Option(names: $0.names, takesValue: $0.takesValue)
        }
    }

    /// Each value given, under its option's first name, in command-line order.
    private var values: [(option: String, value: String)] = []
    /// The first names of the flags given.
    private var flags: [String] = []
    private(set) var positionals: [String] = []
    let command: String

    /// Parses `arguments` against `options`; the first name of each option is its key.
    init(_ arguments: [String], options: [Option], command: String) throws(CommandError) {
        self.command = command
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let known = options.flatMap(\.names).filter { $0.hasPrefix("--") }
                let hint =
                    Suggestion.nearest(to: name, among: known).map { " (did you mean '\($0)'?)" }
                    ?? ""
                throw .usage("unknown option '\(name)'\(hint)", command: command)
            }
            let key = option.names[0]
            if option.takesValue {
                if let inlineValue {
                    values.append((key, inlineValue))
                } else if index < arguments.count && !Self.isOption(arguments[index], in: options) {
                    values.append((key, arguments[index]))
                    index += 1
                } else {
                    throw .usage("option '\(name)' needs a value", command: command)
                }
            } else {
                if inlineValue != nil {
                    throw .usage("option '\(name)' takes no value", command: command)
                }
                if !flags.contains(key) { flags.append(key) }
            }
        }
    }

    /// Whether `argument` is one of the options, so `--title --output x` reads as a missing
    /// title rather than a title of "--output" and a stray folder. A value that only looks like
    /// an option ("--", "-5") is still taken as a value.
    private static func isOption(_ argument: String, in options: [Option]) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        let name = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
        return options.contains { $0.names.contains(name) }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for `option` (a later flag overrides an earlier one).
    func value(_ option: String) -> String? { values.last { $0.option == option }?.value }
}
