/// A parsed request head. Only what a static file server needs: the method, the raw target,
/// the version and the header fields.
struct HTTPRequest {
    var method: String
    /// The request target exactly as sent, before any decoding.
    var target: [UInt8]
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion: Int
    /// Field names lowercased, in the order sent.
    var headers: [(name: String, value: String)]

    /// The value of the field `name` (lowercase); repeated fields are joined with commas.
    func header(_ name: String) -> String? {
        let values = headers.filter { $0.name == name }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// Whether the connection stays open after the response (HTTP/1.1 unless `close`; 1.0 only
    /// with `keep-alive`).
    var keepsAlive: Bool {
        let tokens = (header("connection") ?? "").lowercased().split(separator: ",").map {
            $0.trimmingSpaces
        }
        return minorVersion == 1 ? !tokens.contains("close") : tokens.contains("keep-alive")
    }

    enum Parsed {
        /// The head is not complete yet and is within the limits: read more.
        case incomplete
        /// A whole head, which took `length` bytes of the input.
        case request(HTTPRequest, length: Int)
        /// A head that breaks a rule: answer `status` and close the connection.
        case rejected(HTTPStatus)
    }

    /// Parses the request head at the start of `bytes`. Empty lines before it are skipped, as
    /// RFC 9112 asks; bare LF line ends are accepted, a bare CR is not.
    static func parse(_ bytes: ArraySlice<UInt8>, limits: ServerConfiguration) -> Parsed {
        var start = bytes.startIndex
        while start < bytes.endIndex && (bytes[start] == 13 || bytes[start] == 10) { start += 1 }
        // Lines of the head, without their line ends.
        var lines: [Range<Int>] = []
        var lineStart = start
        var index = start
        var headEnd: Int?
        while index < bytes.endIndex {
            if bytes[index] == 10 {
                var lineEnd = index
                if lineEnd > lineStart && bytes[lineEnd - 1] == 13 { lineEnd -= 1 }
                if lineEnd == lineStart {
                    headEnd = index + 1
                    break
                }
                lines.append(lineStart..<lineEnd)
                if lines.count == 1 && lineEnd - lineStart > limits.maximumRequestLineBytes {
                    return .rejected(.uriTooLong)
                }
                if lines.count > limits.maximumHeaderCount + 1 {
                    return .rejected(.headersTooLarge)
                }
                lineStart = index + 1
            }
            index += 1
            if index - start > limits.maximumHeaderBytes { break }
        }
        guard let headEnd else {
            if lines.isEmpty && index - lineStart > limits.maximumRequestLineBytes {
                return .rejected(.uriTooLong)
            }
            return index - start > limits.maximumHeaderBytes
                ? .rejected(lines.isEmpty ? .uriTooLong : .headersTooLarge) : .incomplete
        }
        guard let requestLine = lines.first else { return .incomplete }
        let parts = bytes[requestLine].split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte),
            !parts[1].isEmpty,
            !bytes[requestLine].contains(where: { $0 < 32 || $0 == 127 })
        else { return .rejected(.badRequest) }
        let version = String(decoding: parts[2], as: UTF8.self)
        let minorVersion: Int
        switch version {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default:
            let isHTTP = version.hasPrefix("HTTP/") && version.count == 8
            return .rejected(isHTTP ? .versionNotSupported : .badRequest)
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            let field = bytes[line]
            // A continuation line (obsolete folding) or a space before the colon is refused,
            // as RFC 9112 asks of a server, so no two readers can see different headers.
            guard let colon = field.firstIndex(of: 58), colon > field.startIndex,
                field[field.startIndex..<colon].allSatisfy(isTokenByte),
                !field.contains(where: { ($0 < 32 && $0 != 9) || $0 == 127 })
            else { return .rejected(.badRequest) }
            let name = String(decoding: field[field.startIndex..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: field[(colon + 1)...], as: UTF8.self).trimmingSpaces
            headers.append((name, value))
        }
        let request = HTTPRequest(
            method: String(decoding: parts[0], as: UTF8.self), target: Array(parts[1]),
            minorVersion: minorVersion, headers: headers)
        if minorVersion == 1 && request.headers.filter({ $0.name == "host" }).count != 1 {
            return .rejected(.badRequest)
        }
        // No request a static server answers has a body, and one it cannot frame would be read
        // as the next request: refuse it and close.
        if request.header("transfer-encoding") != nil { return .rejected(.badRequest) }
        if let length = request.header("content-length"), length != "0" {
            return .rejected(.badRequest)
        }
        return .request(request, length: headEnd - bytes.startIndex)
    }

    /// The characters of a method or field name (RFC 9110 `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isPadding($0) }),
            let last = lastIndex(where: { !isPadding($0) })
        else { return "" }
        return String(self[first...last])
    }
}
