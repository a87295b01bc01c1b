import Testing

@testable import ProcessFittings

/// When the executable restarts itself so malloc uses transparent huge pages.
@Suite("Huge pages restart")
struct HugePagesTests {
    static let madvise = "always [madvise] never\n"

    @Test("a build restarts with the tunable when the kernel gives huge pages on request")
    func buildRestarts() {
        #expect(
            HugePages.restartTunables(
                arguments: ["build", "photos"], tunables: nil, kernelMode: Self.madvise)
                == "glibc.malloc.hugetlb=1")
        #expect(
            HugePages.restartTunables(
                arguments: ["build", "photos"], tunables: "", kernelMode: Self.madvise)
                == "glibc.malloc.hugetlb=1")
    }

    @Test("other tunables the user set are kept")
    func keepsOtherTunables() {
        #expect(
            HugePages.restartTunables(
                arguments: ["build", "p"], tunables: "glibc.malloc.arena_max=2",
                kernelMode: Self.madvise)
                == "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1")
    }

    @Test(
        "no restart once the tunable is set either way, so it happens at most once and users can turn it off"
    )
    func noLoop() {
        for tunables in [
            "glibc.malloc.hugetlb=1", "glibc.malloc.hugetlb=0",
            "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1",
        ] {
            #expect(
                HugePages.restartTunables(
                    arguments: ["build", "p"], tunables: tunables, kernelMode: Self.madvise) == nil)
        }
    }

    @Test(
        "no restart where it cannot help",
        arguments: [
            (["scan", "photos"], madvise),
            (["build", "--help"], madvise),
            (["--version"], madvise),
            ([], madvise),
            (["build", "photos"], "[always] madvise never\n"),
            (["build", "photos"], "always madvise [never]\n"),
            (["build", "photos"], nil),
        ] as [([String], String?)])
    func noRestart(arguments: [String], kernelMode: String?) {
        #expect(
            HugePages.restartTunables(arguments: arguments, tunables: nil, kernelMode: kernelMode)
                == nil)
    }
}
