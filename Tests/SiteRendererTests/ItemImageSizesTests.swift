import Foundation
import Testing

@testable import SiteRenderer

@Suite("Item image sizes: the column the stylesheet gives the image, and 85vh where it binds")
struct ItemImageSizesTests {
    @Test("One column below 900 px, two from there, the box at most 1,280 px wide")
    func widths() {
        #expect(ItemImageSizes.width(atViewport: 430) == 398)
        #expect(ItemImageSizes.width(atViewport: 899) == 867)
        #expect(abs(ItemImageSizes.width(atViewport: 900) - (900.0 - 64) * 2 / 3) < 1e-9)
        #expect(abs(ItemImageSizes.width(atViewport: 1280) - (1280.0 - 64) * 2 / 3) < 1e-9)
        #expect(ItemImageSizes.width(atViewport: 2560) == ItemImageSizes.width(atViewport: 1280))
    }

    @Test("Below the height where 85vh binds in the narrowest two columns, the height decides")
    func heightBinds() {
        // A 2:3 portrait photo: 85vh × 2/3 is at most the 557.3 px column below 983 px of height.
        let sizes = ItemImageSizes.sizes(width: 800, height: 1200, ratio: "0.66667")
        #expect(sizes.contains("(min-width: 900px) and (max-height: 983px) calc(85vh * 0.66667)"))
        let lowest = 983.0
        #expect(0.85 * lowest * 2 / 3 <= ItemImageSizes.width(atViewport: 900))
        #expect(0.85 * (lowest + 1) * 2 / 3 > ItemImageSizes.width(atViewport: 900))
        // Entries in order, the one without a condition last.
        let entries = sizes.split(separator: ", ")
        #expect(entries.last == "calc(100vw - 32px)")
        #expect(entries.dropLast().allSatisfy { $0.hasPrefix("(") })
    }

    @Test("A stylesheet of the owner's gets the viewport's width: never fewer pixels than shown")
    func ownStylesheet() throws {
        let photo = ProductCardTests.product()
        let builtIn = try SiteRendererTests.renderer()
        #expect(builtIn.theme.hasBuiltInStylesheet)
        let exact = builtIn.itemImageSizes(photo)
        #expect(exact.contains("(min-width: 1280px) 810.667px"))
        #expect(builtIn.itemPage(photo, context: AvailabilityTests.context).contains(exact))

        // The built-in theme with one rule more in its stylesheet: the image may be wider.
        let theme = try Theme.load(from: URL(filePath: "/theme")) { path throws(ThemeError) in
            let name = String(path.split(separator: "/").last ?? "")
            let text = EmbeddedTheme.files[name] ?? ""
            return Data((name == "waterfall.css" ? text + ".wf-item{max-width:none}" : text).utf8)
        }
        #expect(!theme.hasBuiltInStylesheet)
        let own = try SiteRenderer(theme: theme, options: builtIn.options)
        let generous = own.itemImageSizes(photo)
        #expect(generous.hasSuffix(", 100vw"))
        #expect(own.itemPage(photo, context: AvailabilityTests.context).contains(generous))
    }
}
