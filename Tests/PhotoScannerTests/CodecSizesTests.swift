import CImageHeaders
import Foundation
import Testing

/// The codec-size readers of CodecSizes.c on crafted bytes: the size a decoder allocates, read
/// from the AV1 sequence header, the HEVC SPS, the VP8 and VP8L headers, the VP8X canvas and the
/// PNG IHDR, and a container that disagrees with its codec refused by name.
@Suite("Codec sizes read from the codec's own header")
struct CodecSizesTests {
    /// Bits written most significant first, as AV1 and HEVC headers are read.
    struct BitWriter {
        var bytes: [UInt8] = []
        var count = 0

        mutating func put(_ value: UInt64, _ width: Int) {
            for shift in stride(from: width - 1, through: 0, by: -1) {
                if count % 8 == 0 { bytes.append(0) }
                if (value >> UInt64(shift)) & 1 == 1 {
                    bytes[bytes.count - 1] |= UInt8(0x80 >> (count % 8))
                }
                count += 1
            }
        }

        /// Exp-Golomb ue(v).
        mutating func golomb(_ value: UInt64) {
            let coded = value + 1
            let width = 64 - coded.leadingZeroBitCount
            put(0, width - 1)
            put(coded, width)
        }
    }

    /// An AV1 OBU of `type` with a size field.
    static func obu(type: UInt8, _ payload: [UInt8]) -> [UInt8] {
        precondition(payload.count < 128)
        return [type << 3 | 2, UInt8(payload.count)] + payload
    }

    /// A full sequence header (not the reduced one): timing info with a decoder model, two
    /// operating points, 16-bit frame sizes.
    static func sequenceHeader(width: UInt64, height: UInt64) -> [UInt8] {
        var bits = BitWriter()
        bits.put(0, 3)  // seq_profile
        bits.put(1, 1)  // still_picture
        bits.put(0, 1)  // reduced_still_picture_header
        bits.put(1, 1)  // timing_info_present_flag
        bits.put(1, 32)
        bits.put(25, 32)
        bits.put(1, 1)  // equal_picture_interval
        bits.put(0b00101, 5)  // uvlc(4): two leading zeros, then 1, then 01
        bits.put(1, 1)  // decoder_model_info_present_flag
        bits.put(9, 5)  // buffer_delay_length_minus_1
        bits.put(1, 32)
        bits.put(0, 10)
        bits.put(1, 1)  // initial_display_delay_present_flag
        bits.put(1, 5)  // operating_points_cnt_minus_1: two
        for level in [UInt64(8), 0] {
            bits.put(0, 12)
            bits.put(level, 5)
            if level > 7 { bits.put(1, 1) }
            bits.put(1, 1)  // decoder_model_present_for_this_op
            bits.put(0, 10)
            bits.put(0, 10)
            bits.put(0, 1)
            bits.put(1, 1)  // initial_display_delay_present_for_this_op
            bits.put(3, 4)
        }
        bits.put(15, 4)
        bits.put(15, 4)
        bits.put(width - 1, 16)
        bits.put(height - 1, 16)
        bits.put(0, 7)
        return bits.bytes
    }

    @Test("AV1: the sequence header's max frame size, after a temporal delimiter and timing info")
    func av1SequenceHeader() {
        let obus =
            Self.obu(type: 2, [])
            + Self.obu(type: 1, Self.sequenceHeader(width: 16000, height: 9000))
        var width: UInt32 = 0
        var height: UInt32 = 0
        #expect(wfs_av1_sequence_size(obus, obus.count, &width, &height))
        #expect((width, height) == (16000, 9000))
        // Cut inside the sizes, and without any sequence header, there is no size.
        #expect(!wfs_av1_sequence_size(obus, obus.count - 4, &width, &height))
        let reduced: [UInt8] = {
            var bits = BitWriter()
            bits.put(0, 3)
            bits.put(1, 1)
            bits.put(1, 1)  // reduced_still_picture_header
            bits.put(31, 5)
            bits.put(14, 4)
            bits.put(13, 4)
            bits.put(16999, 15)
            bits.put(99, 14)
            return bits.bytes
        }()
        let short = Self.obu(type: 1, reduced)
        #expect(wfs_av1_sequence_size(short, short.count, &width, &height))
        #expect((width, height) == (17000, 100))
        let frameOnly = Self.obu(type: 6, [1, 2, 3])
        #expect(!wfs_av1_sequence_size(frameOnly, frameOnly.count, &width, &height))
    }

    /// An `hvcC` whose SPS codes `width` × `height` with a conformance window cutting `bottom`
    /// chroma rows (4:2:0) and 10-bit luma. The profile fields are zeros, so the NAL unit needs
    /// emulation prevention bytes, which are inserted as an encoder does.
    static func hevcConfiguration(width: UInt64, height: UInt64, bottom: UInt64) -> [UInt8] {
        var bits = BitWriter()
        bits.put(0, 4)  // sps_video_parameter_set_id
        bits.put(0, 3)  // sps_max_sub_layers_minus1
        bits.put(1, 1)
        bits.put(0x01, 8)  // profile space, tier, profile idc 1
        bits.put(0, 32)  // compatibility flags: zero bytes
        bits.put(0, 48)
        bits.put(90, 8)  // general_level_idc
        bits.golomb(0)  // sps_seq_parameter_set_id
        bits.golomb(1)  // chroma_format_idc 4:2:0
        bits.golomb(width)
        bits.golomb(height)
        bits.put(1, 1)  // conformance_window_flag
        bits.golomb(0)
        bits.golomb(0)
        bits.golomb(0)
        bits.golomb(bottom)
        bits.golomb(2)  // bit_depth_luma_minus8
        bits.golomb(2)
        bits.put(1, 1)  // the rest of the SPS is not read
        var nal: [UInt8] = [0x42, 0x01]
        var zeros = 0
        for byte in bits.bytes {
            if zeros >= 2 && byte <= 3 {
                nal.append(3)
                zeros = 0
            }
            nal.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        let vps: [UInt8] = [0x40, 0x01, 0x0C]
        return [UInt8](repeating: 0, count: 22) + [2]
            + [0x80 | 32, 0, 1, 0, UInt8(vps.count)] + vps
            + [0x80 | 33, 0, 1, UInt8(nal.count >> 8), UInt8(nal.count & 0xFF)] + nal
    }

    @Test("HEVC: the SPS's coded and cropped size, through emulation prevention and exp-Golomb")
    func hevcSPS() {
        let hvcc = Self.hevcConfiguration(width: 4032, height: 3024, bottom: 4)
        #expect(hvcc.contains(3), "the crafted SPS needs an emulation prevention byte")
        var size = wfs_hevc_size()
        #expect(wfs_hevc_configuration_size(hvcc, hvcc.count, &size))
        #expect((size.coded_width, size.coded_height) == (4032, 3024))
        #expect((size.width, size.height) == (4032, 3016))
        #expect(size.bit_depth == 10)
        #expect(!wfs_hevc_configuration_size(hvcc, hvcc.count - 6, &size))
    }

    @Test("VP8 key frame and VP8L headers")
    func webpFrames() {
        let keyFrame: [UInt8] = [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A, 0x10, 0x27, 0xD0, 0x07]
        var width: UInt32 = 0
        var height: UInt32 = 0
        #expect(wfs_vp8_frame_size(keyFrame, keyFrame.count, &width, &height))
        #expect((width, height) == (10000, 2000))
        var interFrame = keyFrame
        interFrame[0] |= 1
        #expect(!wfs_vp8_frame_size(interFrame, interFrame.count, &width, &height))
        let lossless = Self.vp8lHeader(width: 16384, height: 3)
        #expect(wfs_vp8l_size(lossless, lossless.count, &width, &height))
        #expect((width, height) == (16384, 3))
        #expect(!wfs_vp8l_size([0x2E] + lossless.dropFirst(), lossless.count, &width, &height))
    }

    static func vp8lHeader(width: UInt32, height: UInt32) -> [UInt8] {
        let fields = (width - 1) | (height - 1) << 14
        return [0x2F] + withUnsafeBytes(of: fields.littleEndian, Array.init) + [0, 0, 0]
    }

    static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let length = UInt32(payload.count)
        return Array(type.utf8) + withUnsafeBytes(of: length.littleEndian, Array.init) + payload
            + (payload.count % 2 == 1 ? [0] : [])
    }

    static func riff(_ chunks: [UInt8]) -> [UInt8] {
        let length = UInt32(chunks.count + 4)
        return Array("RIFF".utf8) + withUnsafeBytes(of: length.littleEndian, Array.init)
            + Array("WEBP".utf8) + chunks
    }

    static func canvas(width: UInt32, height: UInt32, flags: UInt8) -> [UInt8] {
        let w = width - 1
        let h = height - 1
        return [flags, 0, 0, 0, UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16)]
            + [UInt8(h & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h >> 16)]
    }

    func read(_ bytes: [UInt8]) -> (wfs_status, wfs_codec_size, String) {
        var size = wfs_codec_size()
        var message = [CChar](repeating: 0, count: Int(WFS_MESSAGE_CAPACITY))
        let status = wfs_read_codec_size(bytes, bytes.count, &size, &message, message.count)
        let text = String(
            decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (status, size, text)
    }

    @Test("VP8X: a canvas that is the frame passes; one that is not is refused with both sizes")
    func vp8xCanvas() {
        let frame = Self.chunk("VP8L", Self.vp8lHeader(width: 10000, height: 10000))
        let agreeing = Self.riff(
            Self.chunk("VP8X", Self.canvas(width: 10000, height: 10000, flags: 0x10)) + frame)
        let (status, size, _) = read(agreeing)
        #expect(status == .ok)
        #expect(
            (size.width, size.height, size.coded_width, size.coded_height) == (
                10000, 10000, 10000, 10000
            ))
        let claiming = Self.riff(
            Self.chunk("VP8X", Self.canvas(width: 100, height: 100, flags: 0x10)) + frame)
        let (refused, _, message) = read(claiming)
        #expect(refused == .sizeMismatch)
        #expect(
            message.contains("VP8X canvas says 100x100") && message.contains("10000x10000"),
            "\(message)")
        // An animation's first frame must fit on its canvas.
        let animation = Self.riff(
            Self.chunk("VP8X", Self.canvas(width: 100, height: 100, flags: 0x02))
                + Self.chunk("ANIM", [0, 0, 0, 0, 0, 0])
                + Self.chunk("ANMF", [UInt8](repeating: 0, count: 16) + frame))
        let (animated, _, animatedMessage) = read(animation)
        #expect(animated == .sizeMismatch, "\(animatedMessage)")
    }

    @Test("PNG: IHDR's size, and interlacing, which makes libpng hold the whole image")
    func pngInterlaced() {
        func png(interlace: UInt8) -> [UInt8] {
            let ihdr: [UInt8] =
                [0, 0, 0, 13] + Array("IHDR".utf8) + [
                    0, 0, 0x27, 0x10, 0, 0, 0x13, 0x88, 8, 6, 0, 0, interlace,
                ]
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr + [0, 0, 0, 0]
        }
        let (status, size, _) = read(png(interlace: 1))
        #expect(status == .ok)
        #expect((size.coded_width, size.coded_height, size.channels) == (10000, 5000, 4))
        #expect(size.interlaced)
        #expect(!read(png(interlace: 0)).1.interlaced)
    }

    /// libheif's `hevc32.heif` (../shared/corpora/formats/heif/libheif, 523 bytes): one 64×64
    /// HEVC image, shown 32×32 through its `clap`.
    static let hevc32 = Data(
        base64Encoded:
            "AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAXttZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAA"
            + "AAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAABnwABAAAAAAAAAGwAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAA"
            + "AAABAABodmMxAAAAAA5waXRtAAAAAAABAAAA+2lwcnAAAADbaXBjbwAAAHZodmNDAQNwAAAAAAAAAAAAHvAA/P34"
            + "+AAADwNgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAHroCQGEAAQAqQgEBA3AAAAMAkAAAAwAAAwAeoCCBBZbq5Ka5"
            + "uAhoMCAAAAMDIAAAAwAhYgABAAZEAcFzwIkAAAATY29scm5jbHgAAQANAAaAAAAAFGlzcGUAAAAAAAAAQAAAAEAA"
            + "AAAoY2xhcAAAACAAAAABAAAAIAAAAAH////gAAAAAv///+AAAAACAAAADnBpeGkAAAAAAQgAAAAYaXBtYQAAAAAA"
            + "AAABAAEFgQIDBYQAAAB0bWRhdAAAAGgoAa8TgPUrAhGDczL1mz4HCRRzxqbGjnnUrr1cLTO799zRz6nw0QjRMp+4"
            + "I2Da10D3ghQEMvB53CWoI0S3qXIb99YsvLFaQ9ZLHxsJsZ9SxlvNJ5EgD4Y4miuaKu3bxPGXDHirp/9TzA=="
    )!

    @Test("The scan refuses a HEIF whose ispe is not what its HEVC SPS codes, naming both")
    func scanRefusesHEVCMismatch() throws {
        var bytes = [UInt8](Self.hevc32)
        var header = wfs_image_header()
        var message = [CChar](repeating: 0, count: Int(WFS_MESSAGE_CAPACITY))
        #expect(
            wfs_read_image_header_from_memory(bytes, bytes.count, &header, &message, message.count)
                == .ok)
        let ispe = try #require(
            bytes.indices.first { Array(bytes[$0..<$0 + 4]) == Array("ispe".utf8) })
        bytes.replaceSubrange(ispe + 8..<ispe + 16, with: [0, 0, 0, 32, 0, 0, 0, 32])
        let status = wfs_read_image_header_from_memory(
            bytes, bytes.count, &header, &message, message.count)
        let text = String(
            decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(status == .sizeMismatch)
        #expect(text.contains("ispe says 32x32 but the HEVC SPS codes 64x64"), "\(text)")
    }
}
