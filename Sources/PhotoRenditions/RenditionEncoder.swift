import CImageRenditions

/// Decodes a JPEG, PNG, HEIF/AVIF or WebP once and encodes it at several sizes, through the C shim.
///
/// Safe to use from many threads at once: every call owns all of its state.
public struct RenditionEncoder: Sendable {
    public var options: RenditionOptions
    /// The memory that decodes on every thread share; nil decodes without reserving (one photo
    /// at a time, tests). Shared by every copy of the encoder: it is one budget per build.
    public var budget: DecodeMemoryBudget?

    public init(options: RenditionOptions = RenditionOptions(), budget: DecodeMemoryBudget? = nil) {
        self.options = options
        self.budget = budget
    }

    /// One encoded rendition.
    public struct Output: Sendable {
        public var size: RenditionSize
        public var format: RenditionFormat
        public var bytes: [UInt8]
        /// The same rendition in each of the options' ``RenditionOptions/sourceFormats``; none
        /// for a size wider than the `sourcesUpTo` the renditions were asked with.
        public var sources: [SourceFormat: [UInt8]] = [:]
    }

    /// Renditions of `source` at `sizes` (display orientation; none larger than the photo),
    /// rotated per EXIF `orientation` and without EXIF, in the order of `sizes`. The source
    /// formats (WebP, AVIF) are made only at sizes at most `sourcesUpTo` wide (nil: at every
    /// size); see ``RenditionWidths/widestPhonePick`` for why.
    public func renditions(
        of source: [UInt8], orientation: Int, sizes: [RenditionSize], sourcesUpTo: Int? = nil
    ) throws(RenditionError) -> [Output] {
        try source.withUnsafeBufferPointer { bytes throws(RenditionError) in
            try renditions(
                of: bytes, orientation: orientation, sizes: sizes, sourcesUpTo: sourcesUpTo)
        }
    }

    /// The same for bytes the caller owns (a mapped file, see ``MappedFile``): the decoder reads
    /// them in place, so memory is bounded by the pixels, not by the file's size.
    public func renditions(
        of source: UnsafeBufferPointer<UInt8>, orientation: Int, sizes: [RenditionSize],
        sourcesUpTo: Int? = nil
    ) throws(RenditionError) -> [Output] {
        var targets = sizes.map {
            wfr_target(width: UInt32(clamping: $0.width), height: UInt32(clamping: $0.height))
        }
        var results = [wfr_rendition](repeating: wfr_rendition(), count: sizes.count)
        var webp = [wfr_rendition](repeating: wfr_rendition(), count: sizes.count)
        var avif = [wfr_rendition](repeating: wfr_rendition(), count: sizes.count)
        var info = wfr_source_info()
        var options = cOptions(orientation: orientation)
        options.sources_max_width = sourcesUpTo.map { UInt32(clamping: max(1, $0)) } ?? 0
        var message = [CChar](repeating: 0, count: Int(WFR_MESSAGE_CAPACITY))
        func render() -> wfr_status {
            wfr_render_sources(
                source.baseAddress, source.count, &options, &targets, targets.count, &results,
                &webp, &avif, &info, &message, message.count)
        }
        let status: wfr_status
        if let budget {
            // What the decode will hold at its peak, from the codec's own header: refused here
            // (over the pixel limit, a size mismatch) before any waiting for room.
            var cost: UInt64 = 0
            let costStatus = wfr_decode_cost(
                source.baseAddress, source.count, &options, &targets, targets.count, &cost,
                &message, message.count)
            if let error = RenditionError(costStatus, message: Self.text(message)) { throw error }
            status = budget.withReservation(cost, render)
        } else {
            status = render()
        }
        if let error = RenditionError(status, message: Self.text(message)) { throw error }
        defer {
            for index in results.indices {
                wfr_rendition_free(&results[index])
                wfr_rendition_free(&webp[index])
                wfr_rendition_free(&avif[index])
            }
        }
        func bytes(_ result: wfr_rendition) -> [UInt8] {
            Array(UnsafeBufferPointer(start: result.bytes, count: result.length))
        }
        let format = RenditionFormat(info.encoding)
        return results.indices.map { index in
            var output = Output(size: sizes[index], format: format, bytes: bytes(results[index]))
            // A size above `sourcesUpTo` has no source files (the shim left them empty).
            if options.webp_quality > 0, webp[index].bytes != nil {
                output.sources[.webp] = bytes(webp[index])
            }
            if options.avif_quality > 0, avif[index].bytes != nil {
                output.sources[.avif] = bytes(avif[index])
            }
            return output
        }
    }

    /// Decoded pixels of `source` at `size`, oriented: for comparing pictures in tests and tools.
    public func pixels(of source: [UInt8], orientation: Int, size: RenditionSize)
        throws(RenditionError) -> Pixels
    {
        var result = wfr_rendition()
        var info = wfr_source_info()
        var options = cOptions(orientation: orientation)
        var message = [CChar](repeating: 0, count: Int(WFR_MESSAGE_CAPACITY))
        let target = wfr_target(
            width: UInt32(clamping: size.width), height: UInt32(clamping: size.height))
        let status = source.withUnsafeBufferPointer { bytes in
            wfr_render_pixels(
                bytes.baseAddress, bytes.count, &options, target, &result, &info, &message,
                message.count)
        }
        if let error = RenditionError(status, message: Self.text(message)) { throw error }
        defer { wfr_rendition_free(&result) }
        return Pixels(
            size: size, channels: Int(info.channels),
            bytes: Array(UnsafeBufferPointer(start: result.bytes, count: result.length)))
    }

    /// Tightly packed 8-bit pixels, row by row.
    public struct Pixels: Sendable, Hashable {
        public var size: RenditionSize
        /// 1 gray, 2 gray + alpha, 3 RGB, 4 RGBA.
        public var channels: Int
        public var bytes: [UInt8]
    }
}

extension RenditionEncoder {
    fileprivate func cOptions(orientation: Int) -> wfr_options {
        wfr_options(
            orientation: (1...8).contains(orientation) ? UInt16(orientation) : 1,
            quality: Int32(clamping: options.quality),
            max_pixels: UInt64(clamping: max(0, options.maximumPixels)),
            webp_quality: options.webp ? Int32(clamping: options.webpQuality) : 0,
            avif_quality: options.avif ? Int32(clamping: options.avifQuality) : 0,
            avif_speed: Int32(clamping: options.avifSpeed), sources_max_width: 0)
    }

    fileprivate static func text(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
