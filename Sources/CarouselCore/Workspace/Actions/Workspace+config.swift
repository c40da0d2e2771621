import Foundation

extension Workspace {
    /// The settings as written in carousel.yaml, key by key (values as they read in the file).
    public func settingValues() throws(CarouselError) -> [(key: String, value: String)] {
        let s = settings
        return [
            ("budget", String(s.budget)), ("carousel", s.carousel.rawValue), ("views", s.views.joined(separator: ", ")),
            ("week_start", Settings.weekdays[s.weekStart - 1]), ("date_order", s.dayFirst ? "dmy" : "mdy"), ("theme", s.theme),
            ("reduce_motion", String(s.reduceMotion)), ("started", s.started?.iso ?? ""), ("watch", s.watch.rawValue),
            ("checkin_reminder", s.checkinReminder.map { DateValue(day: Day(dayNumber: 0), minutes: $0).timeText ?? "" } ?? ""),
            ("categories", s.categoryColors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")),
            ("tags", s.tagStyles.sorted { $0.key < $1.key }.map { tag, style in
                ([style.icon, tag, style.color].compactMap { $0 }).joined(separator: " ") }.joined(separator: ", ")),
        ]
    }

    /// Sets one top-level setting in carousel.yaml, touching only its line, after checking the
    /// whole file still reads; commits "settings: KEY VALUE". Returns false when nothing changed.
    /// `views` takes a comma-separated list.
    public func setSetting(_ key: String, to value: String) throws(CarouselError) -> Bool {
        if key.lowercased().hasPrefix("tags.") { return try setTagColour(String(key.dropFirst(5)), to: value) }
        let mappings = ["categories", "tags", "tasknotes"]
        guard Settings.keys.contains(key), !mappings.contains(key) else {
            throw .usage("unknown setting '\(key)'." + Nearest.hint(for: key, among: Settings.keys.filter { !mappings.contains($0) })
                + " The settings are " + Settings.keys.filter { !mappings.contains($0) }.joined(separator: ", ")
                + "; categories are edited in carousel.yaml, and a tag's colour is `carousel config tags.NAME COLOUR`.")
        }
        let text = try vault.readText(Vault.settingsFile)
        let rendered: String
        if key == "views" {
            let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            rendered = "[" + names.joined(separator: ", ") + "]"
        } else {
            let plain = value.trimmingCharacters(in: .whitespaces)
            let simple = !plain.isEmpty && plain.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            rendered = simple ? plain : YAMLRender.scalar(plain)
        }
        var file = SettingsFile(text: text)
        file.set(key, rendered: rendered)
        return try commitSettings(file, over: text, key: key, message: "settings: \(key) \(value)")
    }

    /// `config tags.NAME COLOUR`: the tag's colour, one of `Settings.colors`; its icon stays.
    func setTagColour(_ tag: String, to value: String) throws(CarouselError) -> Bool {
        guard let name = QuickCapture.marker(tag, nil) else {
            throw .usage("config tags.NAME COLOUR needs a tag name (letters, digits, -, _ and /), found \"\(tag)\"")
        }
        let colour = value.trimmingCharacters(in: .whitespaces).lowercased()
        guard Settings.colors.contains(colour) else {
            throw .invalidValue(field: "tags.\(name)", message: "unknown colour \"\(value)\"; the colours are \(Settings.list(Settings.colors))."
                + Nearest.hint(for: value, among: Settings.colors))
        }
        let text = try vault.readText(Vault.settingsFile)
        var file = SettingsFile(text: text)
        file.setTagColour(name, colour, styles: settings.tagStyles)
        return try commitSettings(file, over: text, key: "tags", message: "settings: tags.\(name) \(colour)")
    }

    /// Checks the whole edited file still reads, then commits it; false when nothing changed.
    private func commitSettings(_ file: SettingsFile, over text: String, key: String, message: String) throws(CarouselError) -> Bool {
        do {
            _ = try Settings.parse(text: file.text)
        } catch {
            var message = error.message
            for prefix in [key + ": ", key + " "] where message.hasPrefix(prefix) { message.removeFirst(prefix.count) }
            throw .invalidValue(field: key, message: message)
        }
        if file.text == text { return false }
        try commit([FileWrite(path: Vault.settingsFile, text: file.text)], message: message)
        return true
    }
}
