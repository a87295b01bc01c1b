import MasonryLayout
enum Probe { static var count: Int { EmbeddedTheme.files.count } }
