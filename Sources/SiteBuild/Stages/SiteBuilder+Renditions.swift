import PhotoRenditions
import PhotoScanner
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SiteBuilder {
    /// Writes every photo's renditions at `widths`, attaches them to the catalogue's photos and
    /// records them in `draft`. A photo that cannot be resized gets a warning and keeps its
    /// original in the tile. Returns the number of such photos, and the previous site's
    /// renditions folder when it is taken over rather than rebuilt.
    ///
    /// A rebuild with a trusted cache takes the previous renditions folder over whole: an
    /// unchanged photo (same identity, options and widths as the cache records) costs no system
    /// call at all, new renditions are written beside it and moved in at the swap, and renditions
    /// no photo uses any more are removed after it (the publisher decides which: see
    /// ``SitePublisher/carryRenditions(in:results:previousPositions:arrived:)``). Without a
    /// cache, every photo goes through the writer, which links what the previous site has into a
    /// fresh folder. Every file goes through the publisher's ``RenditionOutput``.
    func writeRenditions(
        _ catalogue: inout Catalogue, scan: ScanResult, cache: BuildCache?,
        previousPositions: () -> [Int?],
        draft: inout BuildCache.Draft, widths: RenditionWidths, to publisher: SitePublisher,
        progress: any BuildProgress
    ) throws(SiteBuildError) -> (warnings: Int, carried: CarriedFolder?, store: StoreUse?) {
        let options = renditionOptions
        let writer = RenditionWriter(
            encoder: RenditionEncoder(options: options, budget: decodeBudget), widths: widths,
            jobs: settings.jobs
        ).checkingStore()
        let folderName = RenditionWriter.folderName
        // Where each photo (in catalogue order) was in the previous build's cache.
        let byScan = cache == nil ? [] : previousPositions()
        let previousIndex = byScan.isEmpty ? [] : catalogue.scanIndices.map { byScan[$0] }
        func cachedKey(_ index: Int) -> BuildCache.RenditionKey? {
            guard let cache, let previous = previousIndex[index],
                let key = cache.renditionKeys[previous],
                key.fingerprint == options.fingerprint,
                catalogue.scanned(index).identity == cache.scan.entries[previous].identity
            else { return nil }
            return key
        }
        // A failure remembered for the photo's unchanged bytes and these options.
        let failureFingerprint = BuildCache.RenditionKey.failureFingerprint(options)
        func cachedFailure(_ index: Int) -> BuildCache.RenditionKey? {
            guard let cache, let previous = previousIndex[index],
                let key = cache.renditionKeys[previous], key.failure != nil,
                key.fingerprint == failureFingerprint,
                catalogue.scanned(index).identity == cache.scan.entries[previous].identity
            else { return nil }
            return key
        }
        let photos = catalogue.photos.indices.map { index in
            RenditionWriter.Photo(
                source: settings.photos.appending(path: catalogue.photos[index].path),
                relativePath: catalogue.photos[index].path,
                orientation: catalogue.scanned(index).orientation,
                displaySize: RenditionSize(
                    width: catalogue.photos[index].width, height: catalogue.photos[index].height),
                knownContentHash: cachedKey(index)?.contentHash,
                knownSources: cachedKey(index)?.sources)
        }

        let carries = publisher.mayCarryRenditions(in: folderName)
        var results = [RenditionWriter.Renditions?](repeating: nil, count: photos.count)
        var toRender: [Int] = []
        // Photos without renditions: by position in `photos`, the message.
        var failures: [(index: Int, message: String)] = []
        for index in photos.indices {
            if !previousIndex.isEmpty, let failed = cachedFailure(index),
                let message = failed.failure
            {
                failures.append((index, message))
                draft.renditions[catalogue.scanIndices[index]] = failed
            } else if carries, let key = cachedKey(index),
                key.widths == writer.widths(for: photos[index]),
                let format = RenditionFormat.allCases.first(where: {
                    $0.fileExtension == key.fileExtension
                }),
                let kept = writer.keptRenditions(
                    of: photos[index], hash: key.contentHash, format: format, sources: key.sources,
                    placeholder: key.placeholder)
            {
                results[index] = kept
            } else {
                toRender.append(index)
            }
        }

        let destination = try publisher.renditionOutput(in: folderName, carried: carries)
        let photosFolder = Array(settings.photos.path.utf8) + [UInt8(ascii: "/")]
        let report = writer.write(
            toRender.map { index in
                var photo = photos[index]
                // The file's own bytes: an escaped name (see FileNameText) is not the file's name.
                photo.sourcePath = photosFolder + FileNameText.bytes(of: photo.relativePath)
                return photo
            }, to: destination, reusing: destination.previous, previousIsKept: carries,
            store: settings.renditionStore
        ) { done, total in
            progress.update("Resizing photos", done: done, total: total)
        }
        progress.finish()
        if let failure = report.writeFailure { throw .renditionWriteFailed(reason: failure) }
        for rejection in report.rejected where rejection.place == .previousSite {
            reporter.warning(
                "warning: \(TerminalText.safe(rejection.path)): not reused from the previous site: \(rejection.reason); the photo's renditions were encoded again"
            )
        }
        for rejection in report.rejected where rejection.place == .store {
            reporter.warning(
                "warning: \(TerminalText.safe(rejection.path)): not used from the rendition store: \(rejection.reason);"
                    + " the photo's renditions were encoded instead. Refill the store with 'waterfall-site renditions PHOTOS --shard I/N --store DIR', which replaces such files"
            )
        }
        var vanished: Set<Int> = []
        let diagnostics = Dictionary(
            report.diagnostics.map { ($0.relativePath, $0) },
            uniquingKeysWith: { first, _ in first })
        for (position, renditions) in zip(toRender, report.renditions) where renditions == nil {
            guard let diagnostic = diagnostics[photos[position].relativePath] else { continue }
            if diagnostic.error.reason == .vanished {
                // Deleted or replaced since the scan: nothing of it can be published.
                vanished.insert(position)
                reporter.warning(
                    "warning: \(TerminalText.safe(diagnostic.relativePath)): left out: \(diagnostic.error.message)"
                )
            } else {
                failures.append((position, diagnostic.error.message))
                // Remembered with the photo's identity, so an unchanged broken photo is not
                // decoded again on every rebuild (its warning is repeated from the cache).
                draft.renditions[catalogue.scanIndices[position]] = .failed(
                    diagnostic.error.message, fingerprint: failureFingerprint)
            }
        }
        failures.sort { $0.index < $1.index }
        // A HEIC or AVIF without renditions has nothing a browser can be trusted to show.
        var unshowable: Set<Int> = []
        for failure in failures {
            let path = TerminalText.safe(photos[failure.index].relativePath)
            if catalogue.scanned(failure.index).format.needsRenditions {
                unshowable.insert(failure.index)
                reporter.warning(
                    "warning: \(path): skipped: no resized copies (\(failure.message)); browsers cannot show the file itself"
                )
            } else {
                reporter.warning(
                    "warning: \(path): no resized copies (\(failure.message)); the tile shows the original"
                )
            }
        }
        if settings.strict && !failures.isEmpty {
            throw .strictRefusal(.photosNotResized(failures.count))
        }
        if settings.strict && !vanished.isEmpty {
            throw .strictRefusal(.photosVanished(vanished.count))
        }
        for (position, renditions) in zip(toRender, report.renditions) {
            results[position] = renditions
        }

        for (index, renditions) in results.enumerated() {
            guard let renditions else { continue }
            draft.renditions[catalogue.scanIndices[index]] = BuildCache.RenditionKey(
                fingerprint: options.fingerprint, contentHash: renditions.contentHash,
                fileExtension: renditions.format.fileExtension,
                widths: renditions.files.map(\.size.width),
                sources: renditions.sources.map(\.format), placeholder: renditions.placeholder)
            catalogue.photos[index].image = SiteImage(
                candidates: renditions.files.map {
                    SiteImage.Candidate(path: $0.path, width: $0.size.width)
                },
                src: renditions.fallback.path,
                sources: renditions.sources.map { source in
                    SiteImage.Source(
                        type: source.format.mediaType,
                        candidates: source.files.map {
                            SiteImage.Candidate(path: $0.path, width: $0.size.width)
                        })
                }, placeholder: renditions.placeholder?.css)
        }
        if !vanished.isEmpty || !unshowable.isEmpty {
            catalogue.leaveOut(vanished.union(unshowable))
            guard !catalogue.photos.isEmpty else {
                throw .nothingToPublish(unshowable.isEmpty ? .everyPhotoVanished : .noPhotoShowable)
            }
        }
        let store = settings.renditionStore.map { _ in
            StoreUse(linked: report.storeCount, encoded: report.encodedCount)
        }
        guard carries else { return (failures.count, nil, store) }
        let carried = try publisher.carryRenditions(
            in: folderName, results: results, previousPositions: previousIndex,
            arrived: destination)
        return (failures.count, carried, store)
    }

    /// What a build took from `--rendition-store`: photos whose renditions it linked from there,
    /// and photos it encoded because the store lacked them.
    struct StoreUse {
        var linked: Int
        var encoded: Int
    }

    /// Fails unless `--rendition-store` names a folder (checked before the scan, as every option).
    func checkRenditionStore() throws(SiteBuildError) {
        guard let store = settings.renditionStore else { return }
        var isStore = false
        guard FileManager.default.fileExists(atPath: store.path, isDirectory: &isStore), isStore
        else {
            throw .missingFolder(.renditionStoreForBuild, path: store.path)
        }
    }

    /// The memory the decodes of every job share (`--decode-memory`): one budget per run.
    var decodeBudget: DecodeMemoryBudget {
        DecodeMemoryBudget(capacity: settings.decodeMemory ?? DecodeMemoryBudget.defaultCapacity)
    }

    /// The encoder's options from the settings.
    var renditionOptions: RenditionOptions {
        RenditionOptions(
            quality: settings.quality, maximumPixels: settings.maximumPixels, webp: settings.webp,
            avif: settings.avif, avifSpeed: settings.avifSpeed)
    }

    /// Leaves HEIC and AVIF photos out of a build without renditions (`--no-renditions`), with a
    /// warning each: browsers cannot show HEIC, and Chromium ignores an AVIF's crop.
    func leaveOutUnshowable(_ catalogue: inout Catalogue) throws(SiteBuildError) {
        let positions = catalogue.photos.indices.filter {
            catalogue.scanned($0).format.needsRenditions
        }
        guard !positions.isEmpty else { return }
        for position in positions {
            let name = catalogue.scanned(position).format == .heif ? "HEIC/HEIF" : "AVIF"
            reporter.warning(
                "warning: \(TerminalText.safe(catalogue.photos[position].path)): skipped: \(name) is shown through resized copies only,"
                    + " and --no-renditions turns them off: build without --no-renditions, or export it as JPEG"
            )
        }
        catalogue.leaveOut(Set(positions))
        guard !catalogue.photos.isEmpty else {
            throw .nothingToPublish(.noPhotoWithoutRenditions)
        }
    }
}
