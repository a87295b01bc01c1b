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
        var path = root
        for segment in target.segments { path += "/" + segment }
        var info = stat()
        guard stat(path, &info) == 0, isInsideRoot(path) else { return .plain(.notFound) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard target.endsWithSlash || target.segments.isEmpty else {
                // Relative links in the index only work below a URL that ends with a slash.
                return .plain(.movedPermanently, [("Location", target.redirectPath)])
            }
            path += "/index.html"
            guard stat(path, &info) == 0, isInsideRoot(path) else { return .plain(.notFound) }
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .plain(.notFound) }
        return fileResponse(path, request: request)
    }

    private func fileResponse(_ path: String, request: HTTPRequest) -> HTTPResponse {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .plain(errno == ENOENT ? .notFound : .serverError) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .plain(.notFound)
        }
        let size = Int(info.st_size)
        let modified = Int(info.st_mtim.tv_sec)
        let contentType = MediaType.forPath(path)
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
            var bytes = [UInt8](repeating: 0, count: size)
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, size, 0) }
            close(descriptor)
            guard count == size else { return .plain(.serverError) }
            response.body = .bytes(Self.inserting(insertion.bytes, into: bytes))
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
        response.body = .file(descriptor: descriptor, offset: range.lowerBound, length: range.count)
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

    /// `insertion` before the last `</body>` (any case), or at the end when there is none.
    static func inserting(_ insertion: [UInt8], into page: [UInt8]) -> [UInt8] {
        let closing = Array("</body".utf8)
        var at = page.count
        if page.count >= closing.count {
            var index = page.count - closing.count
            while index >= 0 {
                if zip(page[index..<(index + closing.count)], closing).allSatisfy({
                    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 == $1 : $0 == $1
                }) {
                    at = index
                    break
                }
                index -= 1
            }
        }
        return Array(page[..<at]) + insertion + Array(page[at...])
    }

    /// Whether `path`, with every symlink resolved, is still inside the root.
    private func isInsideRoot(_ path: String) -> Bool {
        guard let resolvedRoot = realPath(root), let resolved = realPath(path) else { return false }
        return resolved == resolvedRoot
            || resolved.hasPrefix(resolvedRoot == "/" ? "/" : resolvedRoot + "/")
    }

    private func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func hex(_ value: UInt64) -> String { String(value, radix: 16) }
}
