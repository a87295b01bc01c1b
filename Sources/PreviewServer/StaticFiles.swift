import InputFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Answers GET and HEAD from the files below one folder: index files for folders, validators
/// and 304s, single byte ranges, and an optional fragment put into HTML answers only.
struct StaticFiles {
    let root: String
    let maximumPathBytes: Int

    /// Text inserted before `</body>` of every HTML answer (never into the file itself), and a
    /// short tag of it that goes into the ETag, so a page cached before the text changed is
    /// not answered with a 304.
    var htmlInsertion: (bytes: [UInt8], tag: String)?

    func response(to request: HTTPRequest) -> HTTPResponse {
        let target: RequestTarget
        do {
            target = try RequestTarget(request.target, maximumPathBytes: maximumPathBytes)
        } catch {
            return .plain(error == .badRequest ? .badRequest : .notFound)
        }
        if let name = target.segments.last {
            switch open(target.segments) {
            case .file(let descriptor, let info):
                return fileResponse(descriptor, info, name: name, request: request)
            case .failed(let status):
                return .plain(status)
            case .folder:
                guard target.endsWithSlash else {
                    // Relative links in the index only work below a URL that ends with a slash.
                    return .plain(.movedPermanently, [("Location", target.redirectPath)])
                }
            }
        }
        switch open(target.segments + ["index.html"]) {
        case .file(let descriptor, let info):
            return fileResponse(descriptor, info, name: "index.html", request: request)
        case .folder: return .plain(.notFound)
        case .failed(let status): return .plain(status)
        }
    }

    /// What a request names, opened.
    private enum Opened {
        /// A regular file, with what `fstat` said of it.
        case file(Int32, stat)
        case folder
        /// Nothing that may be served: 404, or 500 when the system failed.
        case failed(HTTPStatus)
    }

    /// `segments` below the root, opened by the project's rule for reading a file
    /// (``InputFileRule/refusingLinks``): one component at a time relative to the folder before
    /// it, never through a symlink, even one inside the root or one another program swaps in at
    /// any moment, and only when it is a regular file (a FIFO, a device or a socket is never
    /// opened). What is served is what was checked. The root itself may be a symlink; the user
    /// chose it.
    private func open(_ segments: [String]) -> Opened {
        let descriptor: Int32
        do {
            descriptor = try InputFileRule.refusingLinks.open(
                segments.joined(separator: "/"), in: root)
        } catch {
            switch error.reason {
            case .notRegular(let kind) where kind == InputFileRule.kind(S_IFDIR): return .folder
            // The system's own failures, such as no descriptor left.
            case .unreadable: return .failed(.serverError)
            default: return .failed(.notFound)
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            return .failed(.serverError)
        }
        return .file(descriptor, info)
    }

    private func fileResponse(
        _ descriptor: Int32, _ info: stat, name: String, request: HTTPRequest
    ) -> HTTPResponse {
        let size = Int(info.st_size)
        let modified = Int(info.st_mtim.tv_sec)
        let contentType = MediaType.forPath(name)
        let insertion = contentType.hasPrefix("text/html") ? htmlInsertion : nil
        var tag =
            "\(hex(UInt64(size)))-\(hex(UInt64(modified) &* 1_000_000_000 &+ UInt64(info.st_mtim.tv_nsec)))-\(hex(UInt64(info.st_ino)))"
        if let insertion { tag += "-" + insertion.tag }
        let etag = "\"\(tag)\""

        var response = HTTPResponse(status: .ok)
        response.sendsBody = request.method != "HEAD"
        response.headers = [
            ("Content-Type", contentType), ("ETag", etag), ("Cache-Control", "no-cache"),
            ("X-Content-Type-Options", "nosniff"),
        ]
        // With an insertion the answer changes while the file does not: only the ETag can say so.
        if insertion == nil { response.headers.append(("Last-Modified", HTTPDate.text(modified))) }

        if notModified(request, etag: etag, modified: insertion == nil ? modified : nil) {
            close(descriptor)
            response.status = .notModified
            response.sendsBody = false
            return response
        }
        if let insertion {
            // The page goes out from the file around the insertion, never held whole: a slow
            // reader of a large page costs a chunk, not a copy of the page.
            guard let at = Self.insertionPoint(in: descriptor, size: size) else {
                close(descriptor)
                return .plain(.serverError)
            }
            response.body = .file(
                descriptor: descriptor,
                parts: [.range(0..<at), .bytes(insertion.bytes), .range(at..<size)])
            return response
        }
        response.headers.append(("Accept-Ranges", "bytes"))
        var range = 0..<size
        if let header = request.header("range"),
            rangeApplies(request, etag: etag, modified: modified)
        {
            switch Self.byteRange(header, size: size) {
            case .whole: break
            case .part(let part):
                range = part
                response.status = .partialContent
                response.headers.append(
                    ("Content-Range", "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(size)"))
            case .unsatisfiable:
                close(descriptor)
                var refusal = HTTPResponse.plain(
                    .rangeNotSatisfiable, [("Content-Range", "bytes */\(size)")])
                refusal.sendsBody = request.method != "HEAD"
                return refusal
            }
        }
        response.body = .file(descriptor: descriptor, parts: [.range(range)])
        return response
    }

    /// `If-None-Match` first (any listed tag, weak or strong, or `*`), else `If-Modified-Since`.
    private func notModified(_ request: HTTPRequest, etag: String, modified: Int?) -> Bool {
        if let match = request.header("if-none-match") {
            return match.split(separator: ",").contains { candidate in
                let tag = candidate.trimmingSpaces
                return tag == "*" || tag == etag || tag == "W/" + etag
            }
        }
        if let modified, let since = request.header("if-modified-since").flatMap(HTTPDate.seconds) {
            return modified <= since
        }
        return false
    }

    /// `If-Range` keeps the range only while the file is the one the client has part of.
    private func rangeApplies(_ request: HTTPRequest, etag: String, modified: Int) -> Bool {
        guard let condition = request.header("if-range") else { return true }
        if condition.hasPrefix("\"") { return condition == etag }
        return HTTPDate.seconds(condition) == modified
    }

    enum ByteRange: Equatable {
        /// No usable range: the whole file (also for several ranges, which RFC 9110 lets a
        /// server ignore).
        case whole
        case part(Range<Int>)
        case unsatisfiable
    }

    /// Reads `bytes=FIRST-LAST`, `bytes=FIRST-` and `bytes=-SUFFIX` for a file of `size` bytes.
    static func byteRange(_ header: String, size: Int) -> ByteRange {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst(6).trimmingSpaces
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        let isDigits: (Substring) -> Bool = {
            !$0.isEmpty && $0.count <= 18 && $0.allSatisfy { $0.isASCII && $0.isNumber }
        }
        if first.isEmpty {
            guard isDigits(last), let suffix = Int(last) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .part(max(0, size - suffix)..<size)
        }
        guard isDigits(first), let start = Int(first) else { return .whole }
        var end = size - 1
        if !last.isEmpty {
            guard isDigits(last), let value = Int(last), value >= start else { return .whole }
            end = min(value, size - 1)
        }
        guard start < size else { return .unsatisfiable }
        return .part(start..<(end + 1))
    }

    /// Where the insertion goes in the open file of `size` bytes: before the last `</body`
    /// (any case), or at the end when there is none. Reads backwards a window at a time, so a
    /// large page is never held whole (the tag is near the end of any real page); nil when the
    /// file cannot be read.
    static func insertionPoint(in descriptor: Int32, size: Int) -> Int? {
        let closing = Array("</body".utf8)
        let window = Connection.chunkSize
        var end = size
        while end > 0 {
            let start = max(0, end - window)
            // Overlapping the window after it, so a tag split between two is found.
            let readEnd = min(size, end + closing.count - 1)
            var bytes = [UInt8](repeating: 0, count: readEnd - start)
            let count = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, $0.count, off_t(start))
            }
            guard count == bytes.count else { return nil }
            if let found = lastClosingTag(closing, in: bytes) { return start + found }
            end = start
        }
        return size
    }

    /// The offset of the last `closing` (lowercase) in `bytes`, in any case.
    private static func lastClosingTag(_ closing: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= closing.count else { return nil }
        var index = bytes.count - closing.count
        while index >= 0 {
            if bytes[index] == closing[0],
                zip(bytes[index..<(index + closing.count)], closing).allSatisfy({
                    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 == $1 : $0 == $1
                })
            {
                return index
            }
            index -= 1
        }
        return nil
    }

    private func hex(_ value: UInt64) -> String { String(value, radix: 16) }
}
