// swift-tools-version:6.0
import PackageDescription

/// RivuletCombine, for the platforms without Apple's Combine: the portable targets import
/// `Combine` where `canImport(Combine)` and RivuletCombine otherwise.
let combineWhereMissing: Target.Dependency = .target(
    name: "RivuletCombine", condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd]))

let package = Package(
    name: "Rivulet",
    // Combine's own floor: no Synchronization module (C11 atomics in CRivuletAtomics, an inline
    // os_unfair_lock); newer Apple APIs stay behind @available (scripts/check-apple-floor.sh).
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "Rivulet", targets: ["Rivulet"]),
        .library(name: "RivuletCombine", targets: ["RivuletCombine"]),
        .library(name: "RivuletTest", targets: ["RivuletTest"]),
        .library(name: "RivuletKeyboard", targets: ["RivuletKeyboard"]),
        .library(name: "RivuletKeyboardCombine", targets: ["RivuletKeyboardCombine"]),
        .library(name: "RivuletCombineBridge", targets: ["RivuletCombineBridge"]),
        .executable(name: "keyboard-demo", targets: ["KeyboardDemo"]),
        .executable(name: "rivulet-bench", targets: ["RivuletBench"]),
        .executable(name: "operator-reference", targets: ["OperatorReference"]),
    ],
    targets: [
        // The engine and the Rx dialect: declares no Combine name (scripts/check-dialect-names.sh).
        // C11 atomics (static inline), so the engine needs no Synchronization module (docs/DESIGN.md).
        .target(name: "CRivuletAtomics"),
        .target(
            name: "Rivulet",
            dependencies: ["CRivuletAtomics"],
            // `AtomicCell` stores its word inline, as `Synchronization.Atomic` does.
            swiftSettings: [.enableExperimentalFeature("RawLayout"), .enableExperimentalFeature("BuiltinModule")]
        ),
        // The Combine dialect on the same engine (reaches engine internals through `package` access).
        .target(name: "RivuletCombine", dependencies: ["Rivulet"]),
        .target(name: "RivuletTest", dependencies: ["Rivulet"]),
        .target(name: "RivuletKeyboard", dependencies: ["Rivulet"]),
        // Combine-facing code written once against Combine's public API: Apple's Combine where it
        // exists, RivuletCombine elsewhere (docs/DESIGN.md, "One source for every Combine";
        // scripts/check-combine-portability.sh).
        .target(name: "RivuletCombineBridge", dependencies: ["Rivulet", combineWhereMissing]),
        // RivuletKeyboard's streams as Combine publishers (portable, like the bridge).
        .target(
            name: "RivuletKeyboardCombine",
            dependencies: ["RivuletKeyboard", "RivuletCombineBridge", combineWhereMissing]),
        .executableTarget(name: "KeyboardDemo", dependencies: ["Rivulet", "RivuletKeyboard"]),
        // The operator reference's table: a section per operator and trait with demos run on a
        // `TestScheduler`; shared by the generator and the leak check (RivuletTests).
        .target(name: "OperatorCatalog", dependencies: ["Rivulet", "RivuletTest"]),
        // Writes docs/operators.md from real runs of every operator (`swift run operator-reference`).
        .executableTarget(name: "OperatorReference", dependencies: ["OperatorCatalog", "Rivulet", "RivuletTest"]),
        // Counts heap allocations; linked only into the benchmark executable.
        .target(name: "MallocCounter", path: "Benchmarks/MallocCounter"),
        .executableTarget(
            name: "RivuletBench",
            dependencies: ["Rivulet", "RivuletCombine", "RivuletKeyboard", "MallocCounter"],
            path: "Benchmarks/RivuletBench"
        ),
        // Reference clients: view models in each dialect that `scripts/client-cost.sh` compiles to
        // measure the code and build time Rivulet costs a user's module (never run).
        .target(name: "ClientCostRx", dependencies: ["Rivulet"], path: "Benchmarks/ClientCost/Rx"),
        .target(name: "ClientCostRxScreen", dependencies: ["Rivulet"], path: "Benchmarks/ClientCost/RxScreen"),
        .target(
            name: "ClientCostRxScreenMix", dependencies: ["Rivulet"], path: "Benchmarks/ClientCost/RxScreenMix"),
        .target(name: "ClientCostCombine", dependencies: ["RivuletCombine"], path: "Benchmarks/ClientCost/Combine"),
        // What the test targets share: watchdogs, recorders, a UI thread, real-time helpers.
        .target(name: "TestSupport", dependencies: ["Rivulet", "RivuletTest"], path: "Tests/TestSupport"),
        .testTarget(name: "RivuletTests", dependencies: ["OperatorCatalog", "Rivulet", "RivuletTest", "TestSupport"]),
        .testTarget(
            name: "RivuletCombineTests",
            dependencies: ["Rivulet", "RivuletCombine", "RivuletCombineBridge", "RivuletTest", "TestSupport"]),
        .testTarget(name: "RivuletTestTests", dependencies: ["Rivulet", "RivuletTest"]),
        .testTarget(
            name: "RivuletKeyboardTests",
            dependencies: [
                "Rivulet", "RivuletCombine", "RivuletTest", "RivuletKeyboard", "RivuletKeyboardCombine",
                "RivuletCombineBridge",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
