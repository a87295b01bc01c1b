import Testing

@testable import MasonryLayout

/// Invalid options and sections are rejected before any layout runs, with an error naming the
/// offending option.
@Suite("Validation")
struct ValidationTests {
    /// One invalid configuration and the option its error must name.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let options: LayoutOptions
        let option: String
        var testDescription: String { name }
    }

    static let three = [Breakpoint(minimumWidth: 0, columns: 3)]

    static let invalidOptions: [Case] = [
        Case(
            name: "no breakpoints", options: LayoutOptions(breakpoints: []), option: "breakpoints"),
        Case(
            name: "zero columns",
            options: LayoutOptions(breakpoints: [Breakpoint(minimumWidth: 0, columns: 0)]),
            option: "breakpoints[0].columns"
        ),
        Case(
            name: "negative columns",
            options: LayoutOptions(breakpoints: [
                Breakpoint(minimumWidth: 0, columns: 2), Breakpoint(minimumWidth: 800, columns: -1),
            ]),
            option: "breakpoints[1].columns"
        ),
        Case(
            // Rejected by arithmetic, without building per-column state for 2^63 columns.
            name: "absurd column count",
            options: LayoutOptions(breakpoints: [Breakpoint(minimumWidth: 0, columns: .max)]),
            option: "breakpoints[0].columns"
        ),
        Case(
            name: "duplicate breakpoints",
            options: LayoutOptions(breakpoints: [
                Breakpoint(minimumWidth: 600, columns: 2),
                Breakpoint(minimumWidth: 600, columns: 3),
            ]),
            option: "breakpoints[1].minimumWidth"
        ),
        Case(
            name: "unsorted breakpoints",
            options: LayoutOptions(breakpoints: [
                Breakpoint(minimumWidth: 900, columns: 4),
                Breakpoint(minimumWidth: 600, columns: 3),
            ]),
            option: "breakpoints[1].minimumWidth"
        ),
        Case(
            name: "negative breakpoint width",
            options: LayoutOptions(breakpoints: [Breakpoint(minimumWidth: -1, columns: 2)]),
            option: "breakpoints[0].minimumWidth"
        ),
        Case(
            name: "negative column spacing",
            options: LayoutOptions(breakpoints: three, columnSpacing: -1), option: "columnSpacing"),
        Case(
            name: "NaN row spacing", options: LayoutOptions(breakpoints: three, rowSpacing: .nan),
            option: "rowSpacing"),
        Case(
            name: "negative footer spacing",
            options: LayoutOptions(breakpoints: three, footerSpacing: -2), option: "footerSpacing"),
        Case(
            name: "negative inset",
            options: LayoutOptions(
                breakpoints: three, insets: EdgeInsets(top: 0, left: -5, bottom: 0, right: 0)),
            option: "insets.left"
        ),
        Case(
            name: "infinite inset",
            options: LayoutOptions(
                breakpoints: three, insets: EdgeInsets(top: 0, left: 0, bottom: .infinity, right: 0)
            ),
            option: "insets.bottom"
        ),
        Case(
            // 8 columns at 320 px with 40 px gaps: (320 − 280) / 8 = 5 px, fine; 9 columns are not.
            name: "column narrower than 1 px at the smallest width",
            options: LayoutOptions(
                breakpoints: [
                    Breakpoint(minimumWidth: 0, columns: 8),
                    Breakpoint(minimumWidth: 700, columns: 30),
                ],
                columnSpacing: 40
            ),
            option: "breakpoints[1].columns"
        ),
        Case(
            name: "a first breakpoint at 0 with no minimum gallery width",
            options: LayoutOptions(breakpoints: three, minimumGalleryWidth: 0),
            option: "breakpoints[0].columns"
        ),
        Case(
            name: "a breakpoint that serves no width",
            options: LayoutOptions(breakpoints: [
                Breakpoint(minimumWidth: 0, columns: 1), Breakpoint(minimumWidth: 200, columns: 2),
            ]),
            option: "breakpoints[0].minimumWidth"
        ),
        Case(
            name: "a breakpoint beyond the maximum gallery width",
            options: LayoutOptions(breakpoints: [
                Breakpoint(minimumWidth: 0, columns: 1), Breakpoint(minimumWidth: 3000, columns: 2),
            ]),
            option: "breakpoints[1].minimumWidth"
        ),
        Case(
            name: "maximum gallery width below the minimum",
            options: LayoutOptions(
                breakpoints: three, minimumGalleryWidth: 500, maximumGalleryWidth: 400),
            option: "maximumGalleryWidth"
        ),
        Case(
            name: "negative balance tolerance",
            options: LayoutOptions(breakpoints: three, balanceTolerance: -1),
            option: "balanceTolerance"
        ),
        Case(
            name: "infinite balance tolerance",
            options: LayoutOptions(breakpoints: three, balanceTolerance: .infinity),
            option: "balanceTolerance"
        ),
        Case(
            name: "NaN balance tolerance",
            options: LayoutOptions(breakpoints: three, balanceTolerance: .nan),
            option: "balanceTolerance"
        ),
        Case(
            name: "no sub-range allowed",
            options: LayoutOptions(breakpoints: three, balanceSubrangeLimit: 0),
            option: "balanceSubrangeLimit"
        ),
        Case(
            name: "fixed item width below 1 px",
            options: LayoutOptions(breakpoints: three, sizing: .fixedItemWidth(0.5)),
            option: "sizing"
        ),
        Case(
            // 3 × 110 = 330 > 320: the columns do not fit at the smallest width.
            name: "fixed item width that does not fit",
            options: LayoutOptions(
                breakpoints: three, columnSpacing: 0, sizing: .fixedItemWidth(110)),
            option: "breakpoints[0].columns"
        ),
        Case(
            // 3 × 100 + 2 × 20 = 340 > 320: the columns fit, but not with the minimum gap.
            name: "fixed item width without room for the minimum gap",
            options: LayoutOptions(
                breakpoints: three, columnSpacing: 20, sizing: .fixedItemWidth(100)),
            option: "breakpoints[0].columns"
        ),
    ]

    @Test("invalid options are rejected, naming the option", arguments: invalidOptions)
    func rejectsOptions(_ invalid: Case) {
        #expect {
            _ = try MasonryLayout(options: invalid.options)
        } throws: { error in
            guard let error = error as? LayoutError else { return false }
            // The message names the option and explains itself.
            return error.option == invalid.option && error.description.contains(invalid.option)
                && !error.reason.isEmpty
        }
    }

    @Test("a narrow column error gives the numbers")
    func narrowColumnMessage() throws {
        let options = LayoutOptions(
            breakpoints: [Breakpoint(minimumWidth: 0, columns: 400)], columnSpacing: 0)
        let error = #expect(throws: LayoutError.self) { try MasonryLayout(options: options) }
        #expect(
            error?.description
                == "invalid layout option 'breakpoints[0].columns': 400 columns are 0.8 px wide at gallery width 320.0 (insets 0.0 + 0.0, column spacing 0.0); at least 1 px is needed"
        )
    }

    @Test("a first breakpoint need not start at 0")
    func firstBreakpointAnywhere() throws {
        let engine = try MasonryLayout(
            options: LayoutOptions(breakpoints: [Breakpoint(minimumWidth: 480, columns: 2)]))
        let layout = try engine.layout([LayoutSection(items: [try item(4, 3)])])
        #expect(layout.breakpoints[0].minimumWidth == 480)
        #expect(layout.breakpoints[0].maximumWidth == 2560)
        #expect(layout.breakpoints[0].referenceWidth == 1520)
        // Narrower galleries extrapolate the first layout.
        #expect(layout.breakpointLayout(atGalleryWidth: 300)?.breakpoint.minimumWidth == 480)
    }

    static let invalidSections: [(String, LayoutSection, String)] = [
        ("negative header", LayoutSection(items: [], headerHeight: -1), "sections[1].headerHeight"),
        ("NaN footer", LayoutSection(items: [], footerHeight: .nan), "sections[1].footerHeight"),
        (
            "zero column override", LayoutSection(items: [], columnCount: 0),
            "sections[1].columnCount"
        ),
        (
            "too many columns at 320 px", LayoutSection(items: [], columnCount: 40),
            "sections[1].columnCount"
        ),
        (
            "absurd column count", LayoutSection(items: [], columnCount: .max),
            "sections[1].columnCount"
        ),
        (
            "negative inset override",
            LayoutSection(items: [], insets: EdgeInsets(top: -1, left: 0, bottom: 0, right: 0)),
            "sections[1].insets.top"
        ),
        (
            "insets leaving no room",
            LayoutSection(items: [], insets: EdgeInsets(top: 0, left: 200, bottom: 0, right: 200)),
            "sections[1].insets"
        ),
        (
            "no section breakpoints", LayoutSection(items: [], breakpoints: []),
            "sections[1].breakpoints"
        ),
        (
            "unsorted section breakpoints",
            LayoutSection(
                items: [],
                breakpoints: [
                    Breakpoint(minimumWidth: 900, columns: 2),
                    Breakpoint(minimumWidth: 0, columns: 1),
                ]),
            "sections[1].breakpoints[1].minimumWidth"
        ),
        (
            "zero columns in a section breakpoint",
            LayoutSection(items: [], breakpoints: [Breakpoint(minimumWidth: 0, columns: 0)]),
            "sections[1].breakpoints[0].columns"
        ),
        (
            "too many section columns at 320 px",
            LayoutSection(
                items: [],
                breakpoints: [
                    Breakpoint(minimumWidth: 0, columns: 40),
                    Breakpoint(minimumWidth: 900, columns: 2),
                ]),
            "sections[1].breakpoints"
        ),
    ]

    @Test(
        "a section's own breakpoints: the columns in force at each range's minimum width, the first below them all"
    )
    func sectionBreakpoints() throws {
        let engine = try MasonryLayout(
            options: LayoutOptions(breakpoints: [
                Breakpoint(minimumWidth: 0, columns: 3), Breakpoint(minimumWidth: 700, columns: 4),
                Breakpoint(minimumWidth: 1200, columns: 5),
            ]))
        let own = LayoutSection(
            items: [try item(4, 3), try item(3, 4)],
            breakpoints: [
                Breakpoint(minimumWidth: 500, columns: 1),
                Breakpoint(minimumWidth: 1200, columns: 2),
            ])
        let layout = try engine.layout([LayoutSection(items: [try item(1, 1)]), own])
        #expect(
            layout.breakpoints.map { $0.sections.map(\.columns) } == [[3, 1], [4, 1], [5, 2]])
        #expect(own.columns(atGalleryWidth: 320, breakpointColumns: 9) == 1)
        #expect(
            LayoutSection(items: [], columnCount: 6, breakpoints: own.breakpoints).columns(
                atGalleryWidth: 1300, breakpointColumns: 9) == 6)
        #expect(LayoutSection(items: []).columns(atGalleryWidth: 1300, breakpointColumns: 9) == 9)
    }

    @Test(
        "invalid sections are rejected before any layout, naming the section",
        arguments: invalidSections)
    func rejectsSections(_ name: String, _ section: LayoutSection, _ option: String) throws {
        let engine = try MasonryLayout(options: LayoutOptions())
        let error = #expect(throws: LayoutError.self, "\(name)") {
            try engine.layout([LayoutSection(items: []), section])
        }
        #expect(error?.option == option, "\(name): \(String(describing: error))")
    }

    @Test("items with a zero or negative side, or a bad caption band, cannot be made")
    func invalidItems() {
        #expect(LayoutItem(width: 0, height: 10) == nil)
        #expect(LayoutItem(width: 10, height: 0) == nil)
        #expect(LayoutItem(width: -3, height: 10) == nil)
        #expect(LayoutItem(width: 10, height: 10, extraHeight: -1) == nil)
        #expect(LayoutItem(width: 10, height: 10, extraHeight: .nan) == nil)
        #expect(LayoutItem(width: 10, height: 10, extraHeight: .infinity) == nil)
        #expect(LayoutItem(width: 10, height: 10, extraHeights: [20, -1]) == nil)
        #expect(LayoutItem(width: 10, height: 10, extraHeights: [.nan, 20]) == nil)
        #expect(LayoutItem(width: 3, height: 2)?.aspectRatio == 2.0 / 3.0)
    }
}
