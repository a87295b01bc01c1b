/// How one pass over a section chooses each item's column, and where it measures the drift.
///
/// The drift of a placement at gallery width W is the height of the chosen column minus the
/// height of the section's lowest column just before the item is placed. Every column height
/// is linear in W for a fixed assignment, so the drift, a maximum of linear functions
/// (`max over c of H_chosen(W) − H_c(W)`), is convex in W: its largest value over
/// `minimumWidth...maximumWidth` is its value at one of the two ends. Measuring at both ends
/// therefore measures the whole closed range.
struct AssignmentPlan {
    /// Where the lowest column is chosen (ties as the direction says).
    let referenceWidth: Double
    /// The smaller end of the range, where the drift is measured.
    let minimumWidth: Double
    /// The larger end of the range, where the drift is measured.
    let maximumWidth: Double
    /// Placements whose drift exceeds this are counted in `DriftMeasure.placementsOverTolerance`.
    let tolerance: Double
    /// Whether the pass solves for the gallery widths at which its assignment keeps every
    /// placement within `tolerance` (`DriftMeasure.validMinimumWidth...validMaximumWidth`)
    /// instead of measuring the drift at `minimumWidth` and `maximumWidth` (a search pass).
    let findsValidWidths: Bool
    /// A search pass gives up (`DriftMeasure.isAbandoned`) as soon as its valid widths no longer
    /// reach down to this width (they only shrink as items are placed); ∞ never gives up.
    var abandonsAbove = Double.infinity
    /// A search pass gives up as soon as its valid widths no longer reach above this width;
    /// −∞ never gives up.
    var abandonsAtOrBelow = -Double.infinity
}

/// What one assignment pass measured over the closed range of its `AssignmentPlan`.
struct DriftMeasure: Sendable, Hashable {
    /// The largest placement drift at either end of the range (hence anywhere in it), CSS px.
    var worstDrift = 0.0
    /// Placements whose drift exceeds the plan's tolerance at either end.
    var placementsOverTolerance = 0
    /// With `AssignmentPlan.findsValidWidths`: the gallery widths at which every placement of
    /// the assignment is within the tolerance (minus a 1e-6 px margin for rounding), solved from
    /// the linear column heights; otherwise, and without any constraint, −∞...∞. An interval,
    /// because each placement's drift is convex in W; it contains the reference width, where
    /// every placement's drift is 0.
    var validMinimumWidth = -Double.infinity
    /// The upper end of the valid widths (see `validMinimumWidth`).
    var validMaximumWidth = Double.infinity
    /// Whether a search pass gave up early (see `AssignmentPlan.abandonsAbove`); its valid
    /// widths are then meaningless.
    var isAbandoned = false

    /// Adds another section's measure.
    mutating func merge(_ other: DriftMeasure) {
        worstDrift = max(worstDrift, other.worstDrift)
        placementsOverTolerance += other.placementsOverTolerance
        validMinimumWidth = max(validMinimumWidth, other.validMinimumWidth)
        validMaximumWidth = min(validMaximumWidth, other.validMaximumWidth)
        isAbandoned = isAbandoned || other.isAbandoned
    }
}
