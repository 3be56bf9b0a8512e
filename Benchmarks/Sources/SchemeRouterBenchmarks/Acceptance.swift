/// How many URLs of `corpus` each side accepts (reads completely), and the distinct URLs they
/// disagree on: printed before the timings so readers can see both sides do the same job.
func compareAcceptance(
    of corpus: [String], ours: (String) -> Int?, foundation: (String) -> Int?
) -> (ours: Int, foundation: Int, disagreements: [String]) {
    var accepted = (ours: 0, foundation: 0)
    var disagreements: [String] = []
    for text in corpus {
        let a = ours(text) != nil, b = foundation(text) != nil
        if a { accepted.ours += 1 }
        if b { accepted.foundation += 1 }
        if a != b, !disagreements.contains(text) { disagreements.append(text) }
    }
    return (accepted.ours, accepted.foundation, disagreements)
}
