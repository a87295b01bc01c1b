import SiteRenderer

extension SiteBuilder {
    /// Keeps the build going when a photo's original cannot be published under its own name:
    /// a legal photo path can be too long once the output's folders are in front of it (the
    /// system refuses paths over PATH_MAX), and a name that is not UTF-8, published escaped,
    /// can be too long for a name (NAME_MAX). Such a photo is still shown through its
    /// renditions, without its original; with none, it is left out. A warning names each.
    ///
    /// `staging` is where the site is written before it is swapped in, the longest path in
    /// front of the originals'; `folder` is the originals' folder in the site.
    func withholdLongOriginals(
        _ catalogue: inout Catalogue, staging: String, folder: String, linksOriginals: Bool
    ) throws(SiteBuildError) {
        let prefix = staging.utf8.count + 1 + folder.utf8.count + 1
        var leftOut: Set<Int> = []
        var withheld = 0
        // Each photo's fields are read where it is: a copy of every photo cost 1.4% of a
        // 100,000-photo rebuild.
        for index in catalogue.photos.indices {
            let hasImage = catalogue.photos[index].image != nil
            guard catalogue.photos[index].opensOriginal && (linksOriginals || !hasImage),
                let problem = Self.lengthProblem(catalogue.photos[index].path, prefix: prefix)
            else { continue }
            let path = TerminalText.safe(catalogue.photos[index].path)
            if !hasImage {
                leftOut.insert(index)
                reporter.warning(
                    "warning: \(path): skipped: \(problem); without renditions the site shows the original itself. Shorten its name or its folders' names, or choose an output folder with a shorter path (-o)"
                )
            } else {
                catalogue.photos[index].opensOriginal = false
                withheld += 1
                reporter.warning(
                    "warning: \(path): its original is not published (the site shows its resized copies): \(problem). Shorten its name or its folders' names, or choose an output folder with a shorter path (-o)"
                )
            }
        }
        let count = leftOut.count + withheld
        if settings.strict && count > 0 {
            throw .strictRefusal(.originalsTooLong(count))
        }
        catalogue.leaveOut(leftOut)
        guard !catalogue.photos.isEmpty else {
            throw .nothingToPublish(.noPathShortEnough)
        }
    }

    /// Why `path`, published `prefix` bytes into the file system's path, is too long; nil if
    /// it is not. An escaped name (see FileNameText) is published as it reads.
    static func lengthProblem(_ path: String, prefix: Int) -> String? {
        let total = prefix + path.utf8.count
        if total >= NameLength.pathLimit {
            return
                "its path in the site would be \(NumberText.grouped(total)) bytes, over the system's limit of \(NumberText.grouped(NameLength.pathLimit - 1))"
        }
        // Only a path longer than a name can hold a name that is too long: the common case does
        // no string work.
        if path.utf8.count > NameLength.nameLimit,
            let name = path.split(separator: "/").first(where: {
                $0.utf8.count > NameLength.nameLimit
            })
        {
            return
                "its name '\(TerminalText.safe(String(name.prefix(24))))…', escaped as it is not UTF-8, would be \(name.utf8.count) bytes, over the system's limit of \(NameLength.nameLimit)"
        }
        return nil
    }
}
