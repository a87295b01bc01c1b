/// The statuses the server answers with.
struct HTTPStatus: Equatable {
    var code: Int
    var reason: String

    static let ok = HTTPStatus(code: 200, reason: "OK")
    static let partialContent = HTTPStatus(code: 206, reason: "Partial Content")
    static let movedPermanently = HTTPStatus(code: 301, reason: "Moved Permanently")
    static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
    static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
    static let rangeNotSatisfiable = HTTPStatus(code: 416, reason: "Range Not Satisfiable")
    static let misdirected = HTTPStatus(code: 421, reason: "Misdirected Request")
    static let headersTooLarge = HTTPStatus(code: 431, reason: "Request Header Fields Too Large")
    static let serverError = HTTPStatus(code: 500, reason: "Internal Server Error")
    static let versionNotSupported = HTTPStatus(code: 505, reason: "HTTP Version Not Supported")
}
