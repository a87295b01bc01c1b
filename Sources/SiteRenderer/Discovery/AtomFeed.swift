/// `feed.xml`: an Atom feed (RFC 4287) of the site's newest items, so a reader or a shop
/// aggregator hears of new photos.
public enum AtomFeed {
    /// One item of the feed.
    public struct Entry: Sendable, Hashable {
        public var title: String
        /// The item page's absolute URL, also the entry's id.
        public var url: String
        /// The photo's share image, absolute, and its media type.
        public var imageURL: String?
        public var imageType: String?
        /// The caption and the price as the site shows them, when given.
        public var caption: String?
        public var price: String?
        /// When the photo was taken (its EXIF date) or else last modified, in seconds since 1970.
        public var date: Int64

        public init(
            title: String, url: String, imageURL: String? = nil, imageType: String? = nil,
            caption: String? = nil, price: String? = nil, date: Int64
        ) {
            self.title = title
            self.url = url
            self.imageURL = imageURL
            self.imageType = imageType
            self.caption = caption
            self.price = price
            self.date = date
        }
    }

    public static let fileName = "feed.xml"
    /// How many items the feed lists.
    public static let length = 50

    /// The indices of the `length` newest of `dates`, newest first; equal dates keep gallery
    /// order, so the feed is the same for the same photos.
    public static func newest(_ dates: [Int64], count: Int = length) -> [Int] {
        // A bounded selection rather than a sort of every photo: a site may have 100,000.
        var chosen: [Int] = []
        chosen.reserveCapacity(count + 1)
        func isNewer(_ a: Int, _ b: Int) -> Bool {
            dates[a] != dates[b] ? dates[a] > dates[b] : a < b
        }
        for index in dates.indices {
            if chosen.count == count, let last = chosen.last, !isNewer(index, last) { continue }
            let position = chosen.firstIndex { isNewer(index, $0) } ?? chosen.count
            chosen.insert(index, at: position)
            if chosen.count > count { chosen.removeLast() }
        }
        return chosen
    }

    /// The feed's XML: its title, the site's first page as its link, and `entries` in the order
    /// given (newest first). Its `updated` is the newest entry's date, so the same photos give
    /// the same bytes.
    public static func document(
        title: String, site: SiteAddress, entries: [Entry], generator: String
    ) -> String {
        let updated = entries.map(\.date).max() ?? 0
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <title>\(title.xmlEscaped)</title>
            <id>\(site.url(of: fileName).xmlEscaped)</id>
            <link rel="self" type="application/atom+xml" href="\(site.url(of: fileName).xmlEscaped)"/>
            <link rel="alternate" type="text/html" href="\(site.text.xmlEscaped)"/>
            <updated>\(timestamp(updated))</updated>
            <author><name>\(title.xmlEscaped)</name></author>
            <generator>\(generator.xmlEscaped)</generator>

            """
        for entry in entries {
            text += "<entry>\n<title>\(entry.title.xmlEscaped)</title>\n"
            text += "<id>\(entry.url.xmlEscaped)</id>\n"
            text +=
                "<link rel=\"alternate\" type=\"text/html\" href=\"\(entry.url.xmlEscaped)\"/>\n"
            text += "<updated>\(timestamp(entry.date))</updated>\n"
            var html = ""
            if let image = entry.imageURL {
                text +=
                    "<link rel=\"enclosure\" type=\"\((entry.imageType ?? "image/jpeg").xmlEscaped)\" href=\"\(image.xmlEscaped)\"/>\n"
                html +=
                    "<p><img src=\"\(image.htmlEscaped)\" alt=\"\(entry.title.htmlEscaped)\"></p>"
            }
            let words = [entry.caption, entry.price].compactMap { $0 }
            if !words.isEmpty {
                text += "<summary>\(words.joined(separator: " · ").xmlEscaped)</summary>\n"
                html += "<p>\(words.joined(separator: " · ").htmlEscaped)</p>"
            }
            if !html.isEmpty { text += "<content type=\"html\">\(html.xmlEscaped)</content>\n" }
            text += "</entry>\n"
        }
        return text + "</feed>\n"
    }

    /// `seconds` since 1970 as RFC 3339 in UTC: `2026-05-01T10:20:30Z`.
    public static func timestamp(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        // Howard Hinnant's civil-from-days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-"
            + two(month) + "-" + two(day) + "T" + two(time / 3_600) + ":"
            + two(time % 3_600 / 60) + ":" + two(time % 60) + "Z"
    }
}
