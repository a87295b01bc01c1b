import PhotoRenditions
import PhotoScanner

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The originals in `photos/` and the renditions in `renditions/`: the photos' own files, whose
/// part of the previous manifest is kept per photo in the previous build's records (see
/// ``BuildCache``), next to the photo's identity. The stages say which files this build has;
/// these decide, against those records, which of the previous site's files stay, which arrive
/// and which leave, and the previous folder is then taken over whole (see ``CarriedFolder``).
extension SitePublisher {
    /// Publishes the originals at `paths` in `folder`: the previous site's folder taken over,
    /// with only new and changed originals placed (see ``placeOriginal(_:at:in:carried:)``), or
    /// nil when every original is placed anew: no trusted records, no such previous folder, or a
    /// killed build's folders restored, whose contents are not trusted.
    ///
    /// - Parameters:
    ///   - everyPhotoUnchanged: the scan found every photo as the previous build recorded it.
    ///   - identity: the identity of the photo whose original is `paths[index]`.
    ///   - previousPosition: where that photo was in the previous build's records.
    func carryOriginals(
        in folder: String, paths: [String], everyPhotoUnchanged: Bool,
        identity: (_ index: Int) -> FileIdentity?, previousPosition: (_ index: Int) -> Int?
    ) -> CarriedFolder? {
        guard let records = previousPhotos, !output.restoredCarriedFolders else { return nil }
        // The usual rebuild: every photo unchanged, every original published before and now.
        if everyPhotoUnchanged && records.scan.entries.count == paths.count
            && records.placedOriginalCount == paths.count
        {
            return CarriedFolder(unchanged: folder, output: output)
        }
        let output = output
        return CarriedFolder(
            name: folder, output: output, newFiles: paths,
            previousState: { index in
                guard let previous = previousPosition(index), records.publishedOriginals[previous]
                else { return .absent }
                guard let identity = identity(index) else { return .changed }
                if identity == records.scan.entries[previous].identity { return .unchanged }
                // A photo edited in place (or only touched) keeps its inode: when the site's
                // original is a hard link to that very file, it already shows the new bytes.
                return output.previousFile(folder + "/" + paths[index], is: identity)
                    ? .unchanged : .changed
            },
            previousCount: records.placedOriginalCount, previousFiles: { records.placedOriginals })
    }

    /// Places the original at `source` as `path` of `folder`: beside the `carried` folder, to be
    /// moved in at the swap, or in the new site. Returns why it was left out (gone since the
    /// scan), or nil.
    func placeOriginal(
        _ source: [UInt8], at path: String, in folder: String, carried: CarriedFolder?
    ) throws(SiteBuildError) -> String? {
        try output.placeOriginal(
            source, at: carried?.incomingPath(for: path) ?? folder + "/" + path)
    }

    /// Whether the previous site's renditions in `folder` can be taken over: its records are
    /// trusted, no killed build's folders were restored, and the folder is there (itself, not a
    /// symlink).
    func mayCarryRenditions(in folder: String) -> Bool {
        previousPhotos != nil && !output.restoredCarriedFolders
            && CarriedFolder.isFolder(output.url.path + "/" + folder)
    }

    /// Where the renditions writer puts this build's files of `folder`: beside the previous
    /// folder when it is `carried` (they move in at the swap), else in the new site. The writer
    /// may link unchanged files from the previous site's folder (``RenditionOutput/previous``),
    /// which only a previous waterfall-site build's is.
    func renditionOutput(in folder: String, carried: Bool) throws(SiteBuildError)
        -> RenditionOutput
    {
        try RenditionOutput(
            output.staging.appending(
                path: carried ? CarriedFolder.incomingName(of: folder) : folder),
            previous: output.isPreviousBuild ? output.url.appending(path: folder) : nil,
            keepsArrivals: carried)
    }

    /// Takes over the previous site's renditions `folder`, once ``mayCarryRenditions(in:)``:
    /// the files this build wrote or linked through `arrived` (made with `carried`, so into
    /// ``CarriedFolder/incomingName(of:)``) arrive, and the previous files no photo uses any
    /// more leave.
    ///
    /// - Parameters:
    ///   - results: every photo's renditions, in catalogue order; nil for a photo without.
    ///   - previousPositions: where each photo was in the previous build's records.
    func carryRenditions(
        in folder: String, results: [RenditionWriter.Renditions?], previousPositions: [Int?],
        arrived: RenditionOutput
    ) throws(SiteBuildError) -> CarriedFolder {
        let leavers =
            previousPhotos.map {
                Self.unusedRenditions(
                    records: $0, previousPositions: previousPositions, results: results)
            } ?? []
        guard
            let carried = CarriedFolder(
                name: folder, output: output, arrivingFiles: arrived.arrivals, leavers: leavers)
        else {
            throw .previousSiteVanished(path: "\(output.url.path)/\(folder)")
        }
        return carried
    }

    /// The previous build's rendition files that no photo of this build uses: those of photos
    /// that are gone or whose renditions changed, unless another photo has the same bytes.
    private static func unusedRenditions(
        records: BuildCache, previousPositions: [Int?], results: [RenditionWriter.Renditions?]
    ) -> [String] {
        // A previous entry still used by its own photo, unchanged, cannot leave.
        var stillUsed = [Bool](repeating: false, count: records.renditionKeys.count)
        for (index, previous) in previousPositions.enumerated() {
            guard let previous, let key = records.renditionKeys[previous],
                let renditions = results[index]
            else { continue }
            if key.contentHash == renditions.contentHash
                && key.widths == renditions.files.map(\.size.width)
                && key.fileExtension == renditions.format.fileExtension
                && key.sources == renditions.sources.map(\.format)
            {
                stillUsed[previous] = true
            }
        }
        let suspects = records.renditionKeys.indices.compactMap {
            stillUsed[$0] ? nil : records.renditionKeys[$0]
        }
        guard !suspects.isEmpty else { return [] }
        // Only photos with a suspect's bytes can still use one of its files.
        let suspectHashes = Set(suspects.map(\.contentHash))
        var used: Set<String> = []
        for case let renditions? in results where suspectHashes.contains(renditions.contentHash) {
            used.formUnion(renditions.allFiles.map { fileName($0.path) })
        }
        return Set(suspects.flatMap(\.fileNames)).subtracting(used).sorted()
    }

    /// The last component of a `/`-separated path.
    private static func fileName(_ path: String) -> String {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map {
            String(path[path.utf8.index(after: $0)...])
        } ?? path
    }
}
