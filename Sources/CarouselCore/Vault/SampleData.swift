/// The brief's sample data, with every date relative to `today`, so a new vault has something to
/// show from the first run: cards in every category, a nested trip, repeating cards, habits,
/// countdown events, and five past days of history.
public enum SampleData {
    struct Spec {
        var title: String
        var spoons: Int
        var importance: Int
        var category: String
        var tags: [String] = []
        var due: Int?
        var repeatRule: String?
        var parent: String?
        var kind: CardKind = .task
        var emoji: String?
        var pulledToday = false
        var doneDaysAgo: Int?
        var completedDaysAgo: [Int] = []
        var body: String?
    }

    /// Days from `today` to the coming Sunday (7 when today is Sunday).
    static func untilSunday(_ today: Day) -> Int { 7 - today.weekday == 0 ? 7 : 7 - today.weekday }

    static func specs(today: Day) -> [Spec] {
        let sunday = untilSunday(today)
        return [
            // Personal
            Spec(title: "Do the grocery shopping", spoons: 2, importance: 3, category: "personal", tags: ["errands"], due: 0,
                 pulledToday: true, body: "- [ ] milk\n- [ ] bread\n- [ ] something nice\n"),
            Spec(title: "Call Mum", spoons: 1, importance: 4, category: "personal", tags: ["family"], due: 1),
            Spec(title: "Sort out that pile of mail", spoons: 2, importance: 2, category: "personal", tags: ["home"], due: 4),
            Spec(title: "Book dentist appointment", spoons: 1, importance: 3, category: "personal", tags: ["health", "admin"], due: 3),
            // Work
            Spec(title: "Finish the quarterly report", spoons: 4, importance: 5, category: "work", tags: ["deadline", "writing"], due: 3),
            Spec(title: "Reply to Jamie's email", spoons: 1, importance: 3, category: "work", tags: ["email"], due: 0,
                 pulledToday: true, doneDaysAgo: 0),
            Spec(title: "Prepare slides for Thursday meeting", spoons: 3, importance: 4, category: "work",
                 tags: ["meeting", "presentation"], due: 2),
            Spec(title: "Review team timesheets", spoons: 2, importance: 2, category: "work", tags: ["admin"], due: 4),
            // Health
            Spec(title: "Do your stretches", spoons: 1, importance: 3, category: "health", due: 0, repeatRule: "every day",
                 completedDaysAgo: [4, 2, 1]),
            Spec(title: "30 min walk", spoons: 2, importance: 3, category: "health", due: 0, repeatRule: "every day",
                 completedDaysAgo: [5, 2]),
            Spec(title: "Take medication", spoons: 1, importance: 5, category: "health", due: 0, repeatRule: "every day",
                 pulledToday: true, completedDaysAgo: [5, 4, 2, 1]),
            Spec(title: "Meal prep for the week", spoons: 3, importance: 3, category: "health", due: sunday),
            // Creative
            Spec(title: "Sketch out that app idea", spoons: 2, importance: 2, category: "creative", kind: .idea),
            Spec(title: "Write in journal", spoons: 1, importance: 2, category: "creative", due: 0, repeatRule: "every day",
                 completedDaysAgo: [3, 1]),
            Spec(title: "Research pottery classes", spoons: 1, importance: 1, category: "creative", kind: .idea),
            Spec(title: "Finish reading that book", spoons: 2, importance: 2, category: "creative"),
            // Nested
            Spec(title: "Plan the weekend trip", spoons: 3, importance: 3, category: "personal", tags: ["trip"], due: sunday + 6),
            Spec(title: "Book accommodation", spoons: 2, importance: 3, category: "personal", tags: ["trip"], due: 5,
                 parent: "plan-the-weekend-trip"),
            Spec(title: "Check train times", spoons: 1, importance: 2, category: "personal", tags: ["trip"], due: 8,
                 parent: "plan-the-weekend-trip"),
            Spec(title: "Pack bag", spoons: 1, importance: 2, category: "personal", tags: ["trip"], due: sunday + 5,
                 parent: "plan-the-weekend-trip"),
            // Countdown events
            Spec(title: "Concert with Sam", spoons: 2, importance: 4, category: "personal", due: 12, kind: .event, emoji: "🎸"),
            Spec(title: "Mum's birthday", spoons: 1, importance: 5, category: "personal", tags: ["family"], due: 25,
                 kind: .event, emoji: "🎂"),
            Spec(title: "Holiday in Lisbon", spoons: 3, importance: 4, category: "personal", due: 40, kind: .event, emoji: "✈️"),
            Spec(title: "Book club", spoons: 1, importance: 2, category: "creative", due: -6, kind: .event, emoji: "📚"),
            // History: finished in the past few days
            Spec(title: "Water the plants", spoons: 1, importance: 2, category: "personal", tags: ["home"], due: -1, doneDaysAgo: 1),
            Spec(title: "Pay the phone bill", spoons: 1, importance: 4, category: "personal", tags: ["admin"], due: -2, doneDaysAgo: 2),
            Spec(title: "Send the invoice", spoons: 2, importance: 4, category: "work", tags: ["admin"], due: -3, doneDaysAgo: 4),
            Spec(title: "Tidy the desk", spoons: 2, importance: 1, category: "personal", tags: ["home"], due: -5, doneDaysAgo: 5),
        ]
    }

    /// Every file of the sample vault except `carousel.yaml`, which `init` writes itself.
    public static func files(today: Day, makeID: () -> String) -> [FileWrite] {
        var writes: [FileWrite] = []
        var order: [String] = []
        var planned = 0, doneSpoons = 0, plannedCards = 0, doneCards = 0
        for (n, spec) in specs(today: today).enumerated() {
            let slug = Slug.make(from: spec.title)
            var file = CardFile.new(path: "\(Vault.cardsDir)/\(slug).md", title: spec.title)
            let id = makeID()
            file.set("id", string: id)
            if spec.kind != .task { file.set("kind", string: spec.kind.rawValue) }
            file.set("spoons", int: spec.spoons)
            file.set("importance", int: spec.importance)
            file.set("category", string: spec.category)
            if !spec.tags.isEmpty { file.set("tags", list: spec.tags) }
            if let due = spec.due { file.set("due", string: today.adding(days: due).iso) }
            if let rule = spec.repeatRule { file.set("repeat", string: rule) }
            if let parent = spec.parent { file.set("parent", string: parent) }
            if let emoji = spec.emoji { file.set("emoji", string: emoji) }
            if spec.pulledToday { file.set("today", string: today.iso) }
            if let ago = spec.doneDaysAgo { file.set("done", string: "\(today.adding(days: -ago).iso)T\(10 + ago):30") }
            if !spec.completedDaysAgo.isEmpty {
                file.set("completed", list: spec.completedDaysAgo.sorted(by: >).map { today.adding(days: -$0).iso })
            }
            let createdDay = today.adding(days: -14)
            let minute = n % 60
            file.set("created", string: "\(createdDay.iso)T09:\(minute < 10 ? "0" : "")\(minute)")
            if let body = spec.body { file.setBody("\n" + body) }
            writes.append(FileWrite(path: file.path, text: file.text))
            if spec.pulledToday {
                order.append(id)
                planned += spec.spoons
                plannedCards += 1
                if spec.doneDaysAgo == 0 {
                    doneSpoons += spec.spoons
                    doneCards += 1
                }
            }
        }
        var journal = JournalDay(date: today)
        journal.order = order
        journal.plannedSpoons = planned
        journal.doneSpoons = doneSpoons
        journal.plannedCards = plannedCards
        journal.doneCards = doneCards
        writes.append(FileWrite(path: JournalDay.path(for: today), text: journal.render(into: nil)))
        // Five past days with varied completion, so check-in and streaks have data at once.
        let history: [(Int, Int, Int, Int)] = [(8, 6, 4, 3), (12, 5, 6, 2), (6, 6, 3, 3), (10, 4, 5, 2), (9, 7, 4, 3)]
        for (i, h) in history.enumerated() {
            var past = JournalDay(date: today.adding(days: -(5 - i)))
            past.plannedSpoons = h.0
            past.doneSpoons = h.1
            past.plannedCards = h.2
            past.doneCards = h.3
            writes.append(FileWrite(path: JournalDay.path(for: past.date), text: past.render(into: nil)))
        }
        writes.append(contentsOf: habits(today: today, makeID: makeID))
        return writes
    }

    static func habits(today: Day, makeID: () -> String) -> [FileWrite] {
        func d(_ ago: Int) -> String { today.adding(days: -ago).iso }
        let start = today.adding(days: -14).iso
        let specs: [(String, String, [String])] = [
            ("take-medication", "Take medication", [
                "repeat: every day", "target: 1", "period: day", "unit: count",
                "log:", "  \(d(5)): 1", "  \(d(4)): 1", "  \(d(3)): skip — forgot at the pharmacy", "  \(d(2)): 1", "  \(d(1)): 1",
            ]),
            ("brush-teeth", "Brush teeth", [
                "repeat: every day", "target: 2", "period: day", "unit: count",
                "log:", "  \(d(5)): 2", "  \(d(4)): 1", "  \(d(3)): 2", "  \(d(2)): 2", "  \(d(1)): 2", "  \(today.iso): 1",
            ]),
            ("10-000-steps", "10,000 steps", [
                "repeat: every week on mon, wed, fri", "target: 10000", "period: week", "unit: steps",
                "log:", "  \(d(5)): 3200", "  \(d(3)): 4100", "  \(d(1)): 2500",
            ]),
            ("read-10-pages", "Read 10 pages", [
                "repeat: every day", "target: 10", "period: day", "unit: count",
                "log:", "  \(d(4)): 10", "  \(d(2)): 12", "  \(d(1)): skip",
            ]),
        ]
        return specs.map { slug, title, lines in
            let text = (["---", "id: \(makeID())", YAMLRender.line("title", string: title)] + lines
                + ["start: \(start)", "created: \(start)T08:00", "---", ""]).joined(separator: "\n")
            return FileWrite(path: "\(Vault.habitsDir)/\(slug).md", text: text)
        }
    }
}
