// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Rivulet",
    // Synchronization's Mutex and Atomic set the floor on Apple platforms (see docs/DESIGN.md).
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Rivulet", targets: ["Rivulet"]),
        .library(name: "RivuletTest", targets: ["RivuletTest"]),
        .library(name: "RivuletKeyboard", targets: ["RivuletKeyboard"]),
        .executable(name: "keyboard-demo", targets: ["KeyboardDemo"]),
        .executable(name: "rivulet-bench", targets: ["RivuletBench"]),
        .executable(name: "operator-reference", targets: ["OperatorReference"]),
    ],
    targets: [
        .target(name: "Rivulet"),
        .target(name: "RivuletTest", dependencies: ["Rivulet"]),
        .target(name: "RivuletKeyboard", dependencies: ["Rivulet"]),
        .executableTarget(name: "KeyboardDemo", dependencies: ["Rivulet", "RivuletKeyboard"]),
        // Writes docs/operators.md from real runs of every operator (`swift run operator-reference`).
        .executableTarget(name: "OperatorReference", dependencies: ["Rivulet", "RivuletTest"]),
        // Counts heap allocations; linked only into the benchmark executable.
        .target(name: "MallocCounter", path: "Benchmarks/MallocCounter"),
        .executableTarget(
            name: "RivuletBench",
            dependencies: ["Rivulet", "RivuletKeyboard", "MallocCounter"],
            path: "Benchmarks/RivuletBench"
        ),
        .testTarget(name: "RivuletTests", dependencies: ["Rivulet", "RivuletTest"]),
        .testTarget(name: "RivuletTestTests", dependencies: ["Rivulet", "RivuletTest"]),
        .testTarget(name: "RivuletKeyboardTests", dependencies: ["Rivulet", "RivuletTest", "RivuletKeyboard"]),
    ],
    swiftLanguageModes: [.v6]
)
