import Synchronization
import Workers

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Makes every photo's renditions for a site's `renditions/` folder, on all cores, and puts each
/// file through a ``RenditionDestination``: the writer reads the previous site and the store, but
/// writes and links nothing itself.
///
/// Names are `<hash>-<width>.<jpg|png|webp|avif>` with the hash over the photo's bytes and the rendition
/// options (``ContentHash``), so a rebuild finds an unchanged photo's renditions in the previous
/// site and links (or copies) them instead of encoding again. The build writes into a fresh
/// staging folder, so renditions no photo needs any more are simply not carried over.
///
/// WebP and AVIF renditions are made only at the widths a phone picks (see
/// ``RenditionWidths/widestPhonePick``); a `<source>` lists the JPEG (or PNG) file at the wider
/// widths. They are kept only for a photo whose files in that format total fewer bytes than its
/// JPEG (or PNG) files at the same widths: at equal SSIM both are smaller for most photos, larger
/// for some (fine grain, re-encoded phone JPEGs, pixel art), and a larger `<source>` would only
/// cost the visitor.
public struct RenditionWriter: Sendable {
    public var encoder: RenditionEncoder
    public var widths: RenditionWidths
    /// Photos rendered at once.
    public var jobs: Int
    /// Checks the bytes of each file taken from a rendition store (see ``StoreCheck``). Without
    /// it, a store's file is still refused when it is a symbolic link or not a regular file.
    public var storeCheck: StoreCheck?

    /// The folder inside the site.
    public static let folderName = "renditions"

    public init(encoder: RenditionEncoder, widths: RenditionWidths, jobs: Int) {
        self.encoder = encoder
        self.widths = widths
        self.jobs = max(1, jobs)
    }

    /// A photo to render.
    public struct Photo: Sendable, Hashable {
        public var source: URL
        /// The file's path as bytes, when it is not `source`'s (a name need not be valid UTF-8):
        /// what is opened.
        public var sourcePath: [UInt8]?
        /// For diagnostics.
        public var relativePath: String
        /// EXIF orientation 1...8, as the scanner read it.
        public var orientation: Int
        /// Size after orientation.
        public var displaySize: RenditionSize
        /// The content hash an earlier build computed for exactly these bytes with these options
        /// (see ``Renditions/contentHash``). When given and every file it names is in the previous
        /// site, the photo is not even read; when the files are missing it is read and hashed anew.
        public var knownContentHash: String?
        /// The source formats that earlier build kept for these bytes (a format is dropped where
        /// it is larger): a kept format whose files are missing from the previous site is
        /// encoded again. Without it, a missing format counts as dropped (see `reuse`).
        public var knownSources: [SourceFormat]?

        public init(
            source: URL, relativePath: String, orientation: Int, displaySize: RenditionSize,
            knownContentHash: String? = nil, knownSources: [SourceFormat]? = nil
        ) {
            self.source = source
            self.relativePath = relativePath
            self.orientation = orientation
            self.displaySize = displaySize
            self.knownContentHash = knownContentHash
            self.knownSources = knownSources
        }
    }

    /// One rendition file in the site.
    public struct File: Sendable, Hashable {
        /// Relative to the site's root, `/`-separated: `renditions/3f…-640.jpg`.
        public var path: String
        public var size: RenditionSize
    }

    /// The renditions of one photo in one ``SourceFormat``, at the same sizes as its files: in
    /// that format up to ``RenditionWidths/widestPhonePick``, the fallback's files above it.
    public struct Source: Sendable, Hashable {
        public var format: SourceFormat
        public var files: [File]
    }

    /// A photo's renditions, narrowest first.
    public struct Renditions: Sendable, Hashable {
        public var files: [File]
        /// The `<source>` formats kept for the photo, AVIF first.
        public var sources: [Source] = []
        /// The `src` for browsers without `srcset`.
        public var fallback: File
        /// Found in the previous site or the rendition store (or made for another photo of this
        /// build with the same bytes) rather than encoded.
        public var reused: Bool
        /// Placed from the rendition store (see ``RenditionWriter/write(_:into:reusing:previousIsKept:store:temporaries:progress:)``).
        public var fromStore = false
        public var format: RenditionFormat
        /// The hash of the photo's bytes and the options that starts every name: a build cache may
        /// keep it to spare reading an unchanged photo next time.
        public var contentHash: String
        /// What the photo's box shows while it loads; nil for PNG renditions (transparency) or
        /// when the narrowest rendition would not decode. A build cache keeps it with the hash.
        public var placeholder: PlaceholderColours?

        /// Every file: the fallback format's and each source's.
        public var allFiles: [File] { files + sources.flatMap(\.files) }
    }

    /// Whether a store's file `bytes` (whole) are a rendition in the format `fileExtension` names
    /// ("jpg", "png", "webp", "avif") at `size`: nil when they are, else the reason in plain words.
    /// Injected by the caller so this module need not read image headers itself.
    public typealias StoreCheck =
        @Sendable (
            _ bytes: UnsafeBufferPointer<UInt8>, _ fileExtension: String, _ size: RenditionSize
        )
        -> String?

    /// A rendition store's or the previous site's file that was not used (the photo's renditions
    /// were encoded instead).
    public struct Rejection: Error, Sendable, Hashable {
        /// Where a refused file was found.
        public enum Place: Sendable, Hashable {
            case store, previousSite
        }

        /// The file.
        public var path: String
        public var place: Place
        /// Why, in plain words: "it is a symbolic link …", "the JPEG is incomplete …".
        public var reason: String
    }

    /// A photo that got no renditions (its tile shows the original).
    public struct Diagnostic: Sendable, Hashable {
        public var relativePath: String
        public var error: RenditionError
    }

    /// What a run did. `renditions[i]` belongs to `photos[i]`; nil where a diagnostic says why.
    public struct Report: Sendable {
        public var renditions: [Renditions?]
        public var diagnostics: [Diagnostic]
        public var encodedCount: Int
        /// Photos whose renditions were found rather than encoded, those from the store among them.
        public var reusedCount: Int
        public var storeCount = 0
        /// The store's and the previous site's files that were refused, by path, each once.
        public var rejected: [Rejection] = []
        /// Writing into the site failed: the build cannot go on.
        public var writeFailure: String?
    }

    /// Renders `photos` into `folder` (created when missing), reusing files from `previous` (the
    /// previous site's renditions folder) when they are there: linked into `folder`, or left
    /// where they are when `previousIsKept` (the caller takes the whole previous folder over).
    /// Files the previous site lacks are then looked for in `store`, a rendition store that
    /// `waterfall-site renditions --shard` filled (the same names), and linked from there.
    ///
    /// Each file is written under a temporary name in `temporaries` (default: `folder`; it must be
    /// on the same file system) and renamed into place, so a file under its own name is complete
    /// (see ``RenditionFolder``).
    public func write(
        _ photos: [Photo], into folder: URL, reusing previous: URL?, previousIsKept: Bool = false,
        store: URL? = nil, temporaries: URL? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> Report {
        let destination: RenditionFolder
        do {
            destination = try RenditionFolder(folder, temporaries: temporaries)
        } catch {
            progress?(0, photos.count)
            return Report(
                renditions: [], diagnostics: [], encodedCount: 0, reusedCount: 0,
                writeFailure: error.message)
        }
        return write(
            photos, to: destination, reusing: previous, previousIsKept: previousIsKept,
            store: store, progress: progress)
    }

    /// Renders `photos` into `destination`, which puts every file this run outputs (written or
    /// linked) where its owner decides; otherwise as
    /// ``write(_:into:reusing:previousIsKept:store:temporaries:progress:)``, with
    /// `destination`'s ``RenditionDestination/folder`` as the folder being filled.
    public func write(
        _ photos: [Photo], to destination: any RenditionDestination, reusing previous: URL?,
        previousIsKept: Bool = false, store: URL? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> Report {
        let total = photos.count
        progress?(0, total)
        let folder = destination.folder
        let shared = SharedState(progress: progress)
        let roots = StoreRoots([folder, previous, store])
        let outcomes = [Outcome](unsafeUninitializedCapacity: total) { buffer, initialized in
            let slots = OutcomeSlots(buffer: buffer)
            // Each index is claimed by exactly one thread, so the writes never overlap.
            ParallelWork.forEach(total, jobs: jobs) { index in
                let outcome = render(
                    photos[index],
                    places: Places(
                        destination: destination, previous: previous,
                        previousIsKept: previousIsKept, store: store, roots: roots,
                        refuse: { rejection in
                            _ = shared.rejected.withLock { $0.insert(rejection) }
                        }))
                (slots.buffer.baseAddress.unsafelyUnwrapped + index).initialize(to: outcome)
                shared.finished(of: total)
            }
            initialized = total
        }
        var report = Report(
            renditions: [], diagnostics: [], encodedCount: 0, reusedCount: 0, writeFailure: nil)
        report.renditions.reserveCapacity(total)
        report.rejected = shared.rejected.withLock { Array($0) }.sorted { $0.path < $1.path }
        for (index, outcome) in outcomes.enumerated() {
            switch outcome {
            case .rendered(let renditions):
                report.renditions.append(renditions)
                if renditions.reused { report.reusedCount += 1 } else { report.encodedCount += 1 }
                if renditions.fromStore { report.storeCount += 1 }
            case .failed(let error):
                report.renditions.append(nil)
                report.diagnostics.append(
                    Diagnostic(relativePath: photos[index].relativePath, error: error))
            case .writeFailed(let message):
                report.renditions.append(nil)
                if report.writeFailure == nil { report.writeFailure = message }
            }
        }
        return report
    }
}

extension RenditionWriter {
    /// The content hash that starts the names of `photo`'s renditions (its bytes and the
    /// options), read from its file.
    public func contentHash(of photo: Photo) throws(RenditionError) -> String {
        let file = try MappedFile(path: photo.sourcePath ?? Array(photo.source.path.utf8))
        let bytes = file.bytes
        return ContentHash.name(
            of: bytes, fingerprint: encoder.options.fingerprint,
            hashed: bytes.count > 64 << 20 ? { file.release(0..<$0) } : nil)
    }

    /// The content hash a rendition file's name starts with, or nil for a name no writer makes.
    public static func contentHash(ofFileNamed name: String) -> Substring? {
        guard let dash = name.firstIndex(of: "-"),
            name.distance(from: name.startIndex, to: dash) == 20
        else { return nil }
        return name[..<dash]
    }

    /// The widths `photo` gets renditions in (see ``RenditionWidths``).
    public func widths(for photo: Photo) -> [Int] {
        widths.widths(forDisplayWidth: photo.displaySize.width)
    }

    /// `photo`'s renditions as an earlier build wrote them (content hash `hash`, in `format`, at
    /// ``widths(for:)``), for a caller that keeps that build's files: nothing is read or checked.
    /// `placeholder` is what that build measured (see ``Renditions/placeholder``).
    public func keptRenditions(
        of photo: Photo, hash: String, format: RenditionFormat, sources: [SourceFormat],
        placeholder: PlaceholderColours?
    ) -> Renditions? {
        let sizes = widths(for: photo).map { RenditionSize(width: $0, of: photo.displaySize) }
        guard !sizes.isEmpty else { return nil }
        var kept = renditions(hash, sizes: sizes, format: format, sources: sources, reused: true)
        kept.placeholder = placeholder
        return kept
    }
}

extension RenditionWriter {
    fileprivate enum Outcome {
        case rendered(Renditions)
        case failed(RenditionError)
        case writeFailed(String)
    }

    /// Where `render` puts files, and where it finds them.
    fileprivate struct Places {
        /// Where every file goes.
        var destination: any RenditionDestination
        var previous: URL?
        var previousIsKept: Bool
        var store: URL?
        var roots: StoreRoots
        /// Told of each store file that is not used.
        var refuse: (Rejection) -> Void
    }

    fileprivate func render(_ photo: Photo, places: Places) -> Outcome {
        let sizes = widths.widths(forDisplayWidth: photo.displaySize.width).map {
            RenditionSize(width: $0, of: photo.displaySize)
        }
        guard !sizes.isEmpty else {
            return .failed(RenditionError(.invalidRequest, message: "the photo has no width"))
        }
        // An unchanged photo whose renditions the previous site has is not read at all.
        if let known = photo.knownContentHash,
            let outcome = reuse(
                known, sizes: sizes, knownSources: photo.knownSources, places: places)
        {
            return outcome
        }
        let file: MappedFile
        do {
            file = try MappedFile(path: photo.sourcePath ?? Array(photo.source.path.utf8))
        } catch {
            return .failed(error)
        }
        let bytes = file.bytes
        // Pages hashed are dropped only for a large file: a photo's are about to be decoded.
        let hash = ContentHash.name(
            of: bytes, fingerprint: encoder.options.fingerprint,
            hashed: bytes.count > 64 << 20 ? { file.release(0..<$0) } : nil)
        // The record's formats hold only for the bytes it was made from.
        if let outcome = reuse(
            hash, sizes: sizes,
            knownSources: photo.knownContentHash == hash ? photo.knownSources : nil,
            places: places)
        {
            return outcome
        }
        func name(_ size: RenditionSize, _ fileExtension: String) -> String {
            "\(hash)-\(size.width).\(fileExtension)"
        }

        let outputs: [RenditionEncoder.Output]
        do {
            outputs = try encoder.renditions(
                of: bytes, orientation: photo.orientation, sizes: sizes,
                sourcesUpTo: widths.widestPhonePick)
        } catch {
            return .failed(error)
        }
        let format = outputs.first?.format ?? .jpeg
        let kept = Self.keptSources(of: outputs, wanted: encoder.options.sourceFormats)
        // The sources first: once every fallback file exists (what `reuse` looks for), so do they.
        var files: [(name: String, bytes: [UInt8])] = []
        for source in kept {
            for output in outputs {
                guard let bytes = output.sources[source] else { continue }
                files.append((name(output.size, source.fileExtension), bytes))
            }
        }
        files += outputs.map { (name($0.size, format.fileExtension), $0.bytes) }
        for file in files {
            do {
                try places.destination.write(file.bytes, named: file.name)
            } catch {
                return .writeFailed(error.message)
            }
        }
        var written = renditions(hash, sizes: sizes, format: format, sources: kept, reused: false)
        if format == .jpeg, let narrowest = outputs.min(by: { $0.size.width < $1.size.width }) {
            written.placeholder = narrowest.bytes.withUnsafeBufferPointer {
                PlaceholderColours(jpeg: $0)
            }
        }
        return .rendered(written)
    }

    /// The wanted source formats worth publishing: each only when its files total fewer bytes
    /// than the fallback's at the same widths (an AVIF set is not compared with the WebP set: a
    /// browser that takes AVIF would otherwise get the JPEG fallback's bytes' worth of WebP or
    /// JPEG instead). Sizes above ``RenditionWidths/widestPhonePick`` have no source files and
    /// count for neither; a format with no file at all is not kept.
    static func keptSources(of outputs: [RenditionEncoder.Output], wanted: [SourceFormat])
        -> [SourceFormat]
    {
        wanted.filter { format in
            let made = outputs.filter { $0.sources[format] != nil }
            guard !made.isEmpty else { return false }
            let fallbackBytes = made.reduce(0) { $0 + $1.bytes.count }
            return made.reduce(0) { $0 + ($1.sources[format]?.count ?? 0) } < fallbackBytes
        }
    }

    /// The renditions named by `hash` when this build (a photo that appears twice), the previous
    /// site or the store already has every file of one format and of each wanted source format;
    /// nil when some are missing. A source format whose files are missing while the fallback's
    /// are all there was dropped as larger: `render` writes a photo's source files before its
    /// fallback files, and the hash covers the options, so a complete fallback set means that
    /// encode finished and wrote every format it kept. So a rebuild without the build cache
    /// (`--no-cache`) encodes nothing either. Only when `knownSources` (an earlier build's
    /// record) says a format was kept are its missing files encoded again.
    fileprivate func reuse(
        _ hash: String, sizes: [RenditionSize], knownSources: [SourceFormat]?, places: Places
    ) -> Outcome? {
        let folder = places.destination.folder
        func names(_ fileExtension: String, _ sizes: [RenditionSize]) -> [String] {
            sizes.map { "\(hash)-\($0.width).\(fileExtension)" }
        }
        // The source formats' files are only at the widths a phone picks.
        let sourceSizes = sizes.filter { widths.hasSources(width: $0.width) }
        var lookup = StoreLookup(
            check: storeCheck, folder: folder, previous: places.previous, store: places.store,
            roots: places.roots)
        defer { lookup.rejected.forEach(places.refuse) }
        func location(of names: [String], _ sizes: [RenditionSize], _ fileExtension: String)
            -> URL??
        {
            lookup.location(of: names, sizes: sizes, fileExtension: fileExtension)
        }
        for format in RenditionFormat.allCases {
            let fallbackNames = names(format.fileExtension, sizes)
            guard let fallbackLocation = location(of: fallbackNames, sizes, format.fileExtension)
            else {
                continue
            }
            var sources: [SourceFormat] = []
            var toPlace: [(name: String, from: URL)] =
                fallbackLocation.map { from in
                    fallbackNames.map { ($0, from) }
                } ?? []
            for source in encoder.options.sourceFormats where !sourceSizes.isEmpty {
                let sourceNames = names(source.fileExtension, sourceSizes)
                if let found = location(of: sourceNames, sourceSizes, source.fileExtension) {
                    sources.append(source)
                    if let from = found { toPlace += sourceNames.map { ($0, from) } }
                } else if knownSources?.contains(source) == true {
                    return nil
                }
            }
            // Passed over, a refused source file would make its format look dropped as larger
            // (and a refused fallback file hides what the encode kept): encoded again, whole.
            guard lookup.rejected.isEmpty else { return nil }
            var fromStore = false
            for (name, from) in toPlace {
                // A kept previous folder already has its files where they belong.
                if from == places.previous && places.previousIsKept { continue }
                // Every file found in the previous site or the store was checked (StoreLookup);
                // one that was not is encoded again rather than read unchecked.
                guard let entry = lookup.entries[name] else { return nil }
                fromStore = fromStore || from == places.store
                do {
                    try Self.place(name, checked: entry, into: places.destination)
                } catch {
                    return .writeFailed(error.message)
                }
            }
            var found = renditions(
                hash, sizes: sizes, format: format, sources: sources, reused: true)
            found.fromStore = fromStore
            if format == .jpeg {
                found.placeholder = Self.placeholder(
                    of: fallbackNames[sizes.indices.min { sizes[$0].width < sizes[$1].width }!],
                    checked: lookup.entries, in: fallbackLocation ?? folder)
            }
            return .rendered(found)
        }
        return nil
    }

    /// The placeholder colours of the rendition file `name`: the bytes that were checked when
    /// it came from the store or the previous site, else the file in `folder` (this build's).
    fileprivate static func placeholder(
        of name: String, checked entries: [String: StoreEntry], in folder: URL
    ) -> PlaceholderColours? {
        if let entry = entries[name] {
            return entry.withBytes { PlaceholderColours(jpeg: $0) }
        }
        guard let file = try? MappedFile(path: Array(folder.appending(path: name).path.utf8))
        else { return nil }
        return PlaceholderColours(jpeg: file.bytes)
    }

    fileprivate func renditions(
        _ hash: String, sizes: [RenditionSize], format: RenditionFormat, sources: [SourceFormat],
        reused: Bool
    ) -> Renditions {
        func files(_ fileExtension: String) -> [File] {
            sizes.map {
                // Above the widths a phone picks, a source lists the fallback's file.
                let shown =
                    widths.hasSources(width: $0.width) ? fileExtension : format.fileExtension
                return File(path: Self.folderName + "/\(hash)-\($0.width).\(shown)", size: $0)
            }
        }
        let fallbackFiles = files(format.fileExtension)
        let fallbackWidth = widths.fallbackWidth(among: sizes.map(\.width))
        let fallback =
            fallbackFiles.first { $0.size.width == fallbackWidth }
            ?? fallbackFiles[fallbackFiles.count - 1]
        return Renditions(
            files: fallbackFiles,
            sources: sources.sorted().map { Source(format: $0, files: files($0.fileExtension)) },
            fallback: fallback, reused: reused, format: format, contentHash: hash)
    }

    /// Puts the checked file `entry` into `destination` as `name`: a hard link when the name
    /// still is the inode that was checked, else (another file system, or the name replaced
    /// since) a copy of the checked bytes.
    fileprivate static func place(
        _ name: String, checked entry: StoreEntry, into destination: any RenditionDestination
    ) throws(RenditionDestinationError) {
        switch try destination.link(entry.path, named: name) {
        case .present:
            return
        case .linked(let device, let inode):
            if entry.isFile(device: device, inode: inode) { return }
        case .unlinkable:
            break
        }
        try destination.write(entry.withBytes { Array($0) }, named: name)
    }
}

/// What the threads share.
private final class SharedState: Sendable {
    let progress: (@Sendable (Int, Int) -> Void)?
    /// The store's files refused so far (a photo may look for the same file twice).
    let rejected = Mutex<Set<RenditionWriter.Rejection>>([])
    /// Photos finished; the lock also serialises the callback so `done` never goes backwards.
    let done = Mutex<Int>(0)

    init(progress: (@Sendable (Int, Int) -> Void)?) {
        self.progress = progress
    }

    func finished(of total: Int) {
        done.withLock { done in
            done += 1
            progress?(done, total)
        }
    }
}

/// The output buffer handed to the workers; safe because the workers write disjoint indices.
private struct OutcomeSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<RenditionWriter.Outcome>
}
