extension MetadataCheck {
    /// The rows of one product that disagree (see ``ProductRows/conflicts(in:)``), as errors
    /// naming both rows: the build stops at the first, `check` lists them all. Checked on
    /// `jobs` threads.
    public func productConflicts(jobs: Int = 1) -> [MetadataProblem] {
        productConflicts(ProductRows.productRows(in: metadata), jobs: jobs)
    }

    /// ``productConflicts()`` of the products ``ProductRows/productRows(in:)`` found in the
    /// metadata, for a build that merges them next, checked on `jobs` threads.
    func productConflicts(_ products: [ProductRows.Product], jobs: Int = 1) -> [MetadataProblem] {
        ProductRows.conflicts(of: products, jobs: jobs).map { conflict in
            let other = place(
                slot: "p:" + conflict.second, named: "photo '\(conflict.second)'",
                field: conflict.field)
            let message: String
            if conflict.field == "product" {
                message =
                    "product '\(conflict.product)' has photos in folder '\(conflict.firstValue)' and in '\(conflict.secondValue)' (\(other)); a product is one card in one section: move its photos into one folder, or give them different product names"
            } else {
                message =
                    "product '\(conflict.product)': \(conflict.field) is '\(conflict.firstValue)' here but '\(conflict.secondValue)' in \(other) ('\(conflict.second)'); give it on one row only, or write the same on both"
                    + (ProductRows.variantFields.contains { $0.name == conflict.field }
                        ? ", or give the rows different variants" : "")
            }
            return problem(.error, photo: conflict.first, field: conflict.field, message)
        }.sorted { $0.position < $1.position }
    }
}
