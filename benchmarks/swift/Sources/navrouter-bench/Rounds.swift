import Glibc

/// Per-lookup times of one contender over interleaved rounds.
struct Timing {
    let name: String
    var samples: [Double] = []  // nanoseconds per look-up, one per round
    var best: Double { samples.min() ?? .nan }
    var median: Double { samples.sorted()[samples.count / 2] }
    var worst: Double { samples.max() ?? .nan }
    /// (worst − best) / best, in percent.
    var spread: Double { (worst - best) / best * 100 }
}

/// The pause between two rounds: the shared machine's slow stretches last seconds, and back-to-back rounds could
/// all fall into one.
let roundPauseNanoseconds = 300_000_000

/// Sleeps `roundPauseNanoseconds`.
func pauseBetweenRounds() {
    var pause = timespec(tv_sec: 0, tv_nsec: roundPauseNanoseconds)
    nanosleep(&pause, nil)
}

/// Runs the contenders in interleaved rounds (A B C A B C …, `roundPauseNanoseconds` apart), each sample long
/// enough to dwarf the clock: warm-up, then `passes` calibrated per contender so a sample lasts about
/// `sampleNanoseconds`.
func measure(_ contenders: [Contender], lookupsPerPass: Int, rounds: Int, sampleNanoseconds: UInt64 = 20_000_000)
    -> [Timing]
{
    var passes: [Int] = []
    for contender in contenders {  // warm-up and calibration
        var count = 1
        while true {
            let start = nowNanoseconds()
            for _ in 0..<count { consume(contender.pass()) }
            let elapsed = nowNanoseconds() - start
            if elapsed >= sampleNanoseconds / 4 {
                passes.append(max(1, Int(Double(count) * Double(sampleNanoseconds) / Double(elapsed))))
                break
            }
            count *= 2
        }
    }
    var timings = contenders.map { Timing(name: $0.name) }
    for round in 0..<rounds {
        if round > 0 { pauseBetweenRounds() }
        for (index, contender) in contenders.enumerated() {
            let start = nowNanoseconds()
            for _ in 0..<passes[index] { consume(contender.pass()) }
            let elapsed = nowNanoseconds() - start
            timings[index].samples.append(Double(elapsed) / Double(passes[index] * lookupsPerPass))
        }
    }
    return timings
}
