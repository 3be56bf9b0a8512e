/// A deterministic corpus of realistic custom-scheme URLs: deep links with several query items and
/// percent-encoding, short ones, ~200-byte ones, the seed's todolist URLs, and about 5 % malformed.
enum Corpus {
    static func make(count: Int, seed: UInt64 = 0x5C4E_3E00) -> [String] {
        var rng = SplitMix64(seed: seed)
        let words = ["inbox", "today", "Quarterly", "report", "milk", "caf%C3%A9", "design", "review", "q3",
                     "budget%202026", "a%2Fb", "notes", "x", "hello%20world", "%E2%9C%93done", "list", "42"]
        func word() -> String { words[Int.random(in: 0..<words.count, using: &rng)] }
        func uuid() -> String {
            let hex = Array("0123456789abcdef")
            let groups = [8, 4, 4, 4, 12]
            return groups.map { n in String((0..<n).map { _ in hex[Int.random(in: 0..<16, using: &rng)] }) }
                .joined(separator: "-")
        }
        var urls: [String] = []
        urls.reserveCapacity(count)
        for index in 0..<count {
            let kind = Int.random(in: 0..<100, using: &rng)
            switch kind {
            case 0..<35:  // deep link: notes://host/notes/<uuid>?tag=..&tag=..&sort=..&page=..#section
                var url = "notes://app/notes/\(uuid())/edit?tag=\(word())&tag=\(word())&sort=recent&page=\(index % 97 + 1)"
                if index % 3 == 0 { url += "&pinned=true" }
                url += "#section-\(index % 7)"
                urls.append(url)
            case 35..<55:  // short ones
                switch index % 4 {
                case 0: urls.append("notes:compose")
                case 1: urls.append("todolist://x?\(word())")
                case 2: urls.append("notes://app/search?q=\(word())")
                default: urls.append("notes://app/notes/\(uuid())")
                }
            case 55..<75:  // the seed's shape
                let month = Int.random(in: 1...12, using: &rng)
                let day = Int.random(in: 1...28, using: &rng)
                let pad = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
                urls.append("todolist://www.acme.com?\(word())%20\(word())#2026\(pad(month))\(pad(day))1300")
            case 75..<95:  // ~200 bytes
                var url = "notes://app/files/\(word())/\(word())/\(word())/\(word())?q=\(word())%20\(word())"
                while url.utf8.count < 190 { url += "&tag=\(word())" }
                urls.append(url)
            default:  // malformed
                switch index % 5 {
                case 0: urls.append("notes://app/search?q=two words")
                case 1: urls.append("notes://app/search?q=%G0")
                case 2: urls.append("todolist://www.acme.com?caf\u{E9}")
                case 3: urls.append("notes://app:99999/x")
                default: urls.append("notes://app/x#a#b")
                }
            }
        }
        return urls
    }

    /// Which kind of URL of ``make(count:seed:)`` `url` is: deep, short, seed, long or malformed.
    static func shape(of url: String) -> String {
        if url.contains(" ") || url.contains("%G0") || url.contains("\u{E9}") || url.contains("99999") || url.contains("#a#b") {
            return "malformed"
        }
        if url.contains("/edit?") { return "deep" }
        if url.hasPrefix("todolist://www.acme.com?") { return "seed" }
        if url.contains("/files/") { return "long" }
        return "short"
    }
}
