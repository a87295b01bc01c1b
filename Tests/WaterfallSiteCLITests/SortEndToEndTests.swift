import Foundation
import TestSupport
import Testing

/// The owner's order (`--sort`, the metadata's `order`), built by the built binary: the cards of
/// the written pages come in that order, and a rebuild with another order is the site a first
/// build with it makes.
@Suite("The owner's order, end to end", .serialized)
struct SortEndToEndTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// Six photos in two folders and the top level; Textiles is ordered first, the fern first
    /// in Prints, and the table's rows are in neither name nor price order.
    static func shop() throws -> TemporaryFolder {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        for name in [
            "a-mug.jpg", "b-vase.jpg", "c-plate.jpg", "Prints/fern.jpg", "Prints/moth.jpg",
            "Textiles/tote.jpg",
        ] {
            try work.write("photos/" + name, photo)
        }
        try work.write(
            "photos/metadata.csv",
            """
            path,title,price,order
            Textiles/,Textiles,,1
            c-plate.jpg,Plate,€12,
            a-mug.jpg,Mug,€30,
            b-vase.jpg,Vase,€8,
            Prints/moth.jpg,Moth,€20,
            Prints/fern.jpg,Fern,€25,1

            """)
        return work
    }

    /// The cards of every gallery page of `site`, in page order, by their item page's name.
    static func cards(_ site: URL) throws -> [String] {
        var names: [String] = []
        var page = 1
        while true {
            let file = site.appending(path: page == 1 ? "index.html" : "page-\(page).html")
            guard let html = try? String(contentsOf: file, encoding: .utf8) else { break }
            for part in html.components(separatedBy: #"<a href="items/"#).dropFirst() {
                names.append(String(part.prefix { $0 != "." }))
            }
            page += 1
        }
        return names
    }

    /// Every regular file of `site` by its path inside, with its bytes.
    static func files(_ site: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let root = site.resolvingSymlinksInPath().path
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let name = enumerator?.nextObject() as? String {
            let path = root + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            result[name] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return result
    }

    func build(_ work: TemporaryFolder, into site: String, _ options: [String]) throws {
        let run = try ProcessRun(
            binary,
            ["build", "photos", "-o", site, "--quiet", "--no-renditions", "--page-size", "4"]
                + options, in: work.url)
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
    }

    @Test("The cards follow --sort, with the metadata's order first, on every page")
    func cardOrder() throws {
        let work = try Self.shop()
        let expected: [String: [String]] = [
            "name": [
                "textiles/tote", "mug", "vase", "plate", "prints/fern", "prints/moth",
            ],
            "price": [
                "textiles/tote", "vase", "plate", "mug", "prints/fern", "prints/moth",
            ],
            "metadata": [
                "textiles/tote", "plate", "mug", "vase", "prints/fern", "prints/moth",
            ],
        ]
        for (sort, cards) in expected {
            try build(work, into: "site-\(sort)", ["--sort", sort])
            #expect(try Self.cards(work.url.appending(path: "site-\(sort)")) == cards, "\(sort)")
        }
        // The setting reads the same from waterfall.json.
        try work.write("photos/waterfall.json", #"{ "sort": "price" }"#)
        try build(work, into: "site-file", [])
        #expect(try Self.cards(work.url.appending(path: "site-file")) == expected["price"])
        // A bad sort is a usage error naming the choices.
        let bad = try ProcessRun(
            binary, ["build", "photos", "-o", "site-bad", "--sort", "cheapest"], in: work.url)
        #expect(bad.status == 64)
        #expect(
            bad.error.contains(
                "option '--sort' expects name, newest, metadata, price, got 'cheapest'"),
            "\(bad.error)")
        let typo = try ProcessRun(
            binary, ["build", "photos", "-o", "site-bad", "--sort", "prise"], in: work.url)
        #expect(typo.status == 64)
        #expect(typo.error.contains("got 'prise' (did you mean 'price'?)"), "\(typo.error)")
        try work.write("photos/waterfall.json", #"{ "sort": "newst" }"#)
        let file = try ProcessRun(binary, ["build", "photos", "-o", "site-bad"], in: work.url)
        #expect(file.status == 1)
        #expect(
            file.error.contains(
                "key 'sort' must be one of name, newest, metadata, price, got the string \"newst\" (did you mean 'newest'?)"
            ), "\(file.error)")
    }

    @Test("A rebuild with another sort into the same folder is the site a first build makes")
    func rebuildWithAnotherSort() throws {
        let work = try Self.shop()
        try build(work, into: "site", ["--sort", "price"])
        for sort in ["metadata", "name", "price"] {
            try build(work, into: "site", ["--sort", sort])
            try build(work, into: "cold-\(sort)", ["--sort", sort])
            let warm = try Self.files(work.url.appending(path: "site"))
            let cold = try Self.files(work.url.appending(path: "cold-\(sort)"))
            #expect(warm.keys.sorted() == cold.keys.sorted(), "\(sort)")
            for (name, bytes) in cold where warm[name] != bytes {
                Issue.record("\(name) differs after a rebuild with --sort \(sort)")
            }
        }
    }

    @Test("The sample shows the owner's order: its new lamp and its red bowl lead their sections")
    func sample() throws {
        let work = try TemporaryFolder()
        let run = try ProcessRun(
            binary,
            ["build", Repository.sampleImages.path, "-o", "site", "--quiet", "--no-renditions"],
            in: work.url)
        #expect(run.status == 0, "stderr: \(run.error)")
        let cards = try Self.cards(work.url.appending(path: "site"))
        #expect(cards.first == "hummingbird-lamp")
        #expect(cards.first { $0.hasPrefix("ceramics/") } == "ceramics/red-leaf-bowl")
        // The rest keep their natural order.
        #expect(Array(cards[1...3]) == ["chelsea", "visitors", "facade-curves"])
    }

    @Test("A bad order in the table stops the build, naming the file, row and column")
    func badOrder() throws {
        let work = try Self.shop()
        try work.write("photos/metadata.csv", "path,order\nb-vase.jpg,soon\n")
        let run = try ProcessRun(binary, ["build", "photos", "-o", "site"], in: work.url)
        #expect(run.status == 1)
        #expect(
            run.error.contains(
                "metadata.csv': row 2 (line 2), column B ('order'): must be a number (lowest first: 1, 2, 2.5, -1), got 'soon'"
            ), "\(run.error)")
    }
}
