import Foundation

/// Times pinned to a zone. A card's `due` and `start` are wall-clock readings; with `tz:` (an
/// Olson name like `Europe/Berlin`, or `UTC`) they are readings of that zone's clock, placed on
/// the device's own clock by the zone rules of their date, so a weekly 19:00 in Berlin is 13:00
/// or 14:00 in New York as the two places change their clocks. Without `tz:` (and without the
/// vault's `time_zone:`) a time is floating: the same reading wherever the person is.
public enum ZonedTime {
    /// The zone a `tz:` value names: an Olson name, `UTC`/`Z`, or a Windows zone name
    /// ("W. Europe Standard Time"), as Outlook writes them. Nil when it names none.
    public static func zone(named raw: String) -> TimeZone? {
        let name = raw.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard !name.isEmpty else { return nil }
        if ["UTC", "Z", "GMT", "ETC/UTC", "ETC/GMT"].contains(name.uppercased()) { return TimeZone(identifier: "UTC") }
        if let z = TimeZone(identifier: name) { return z }
        if let olson = windows[name] { return TimeZone(identifier: olson) }
        return nil
    }

    /// The Olson name Carousel writes for a zone: `UTC` for UTC, else its identifier.
    public static func name(_ zone: TimeZone) -> String {
        zone.secondsFromGMT() == 0 && ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains(zone.identifier) ? "UTC" : zone.identifier
    }

    /// The moment a wall-clock reading in `zone` stands for. A reading the zone skips (the hour
    /// the clocks go forward) is read as the same minutes after the change, as calendar programs do.
    public static func instant(_ value: DateValue, in zone: TimeZone) -> Date {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        let m = value.minutes ?? 0
        let c = DateComponents(year: value.day.year, month: value.day.month, day: value.day.day, hour: m / 60, minute: m % 60,
                               second: value.seconds ?? 0)
        return cal.date(from: c) ?? Date(timeIntervalSince1970: 0)
    }

    /// The reading of `zone`'s clock at `instant`, to the minute (seconds kept when `seconds`).
    public static func reading(_ instant: Date, in zone: TimeZone, seconds: Bool = false) -> DateValue {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let day = Day(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1) ?? Day(dayNumber: 0)
        return DateValue(day: day, minutes: (c.hour ?? 0) * 60 + (c.minute ?? 0), seconds: seconds ? c.second : nil)
    }

    /// A reading of `from`'s clock on `to`'s clock. A date without a time is a date everywhere.
    public static func convert(_ value: DateValue, from: TimeZone, to: TimeZone) -> DateValue {
        guard value.minutes != nil, from.identifier != to.identifier else { return value }
        return reading(instant(value, in: from), in: to, seconds: value.seconds != nil)
    }

    /// ISO 8601 with the offset `zone` has then: `2026-03-29T13:00:00-04:00`, `…Z` for UTC.
    public static func iso(_ value: DateValue, in zone: TimeZone) -> String {
        let m = value.minutes ?? 0
        let offset = zone.secondsFromGMT(for: instant(value, in: zone)) / 60
        let sign = offset < 0 ? "-" : "+", a = abs(offset)
        return value.day.iso + "T" + DateValue.two(m / 60) + ":" + DateValue.two(m % 60) + ":" + DateValue.two(value.seconds ?? 0)
            + (name(zone) == "UTC" ? "Z" : sign + DateValue.two(a / 60) + ":" + DateValue.two(a % 60))
    }

    /// The zone of a card's times: its `tz:`, else the vault's `time_zone:`; nil when floating.
    public static func zone(of card: Card, vaultZone: TimeZone? = nil) -> TimeZone? {
        if let name = card.timeZone { return zone(named: name) }
        return vaultZone
    }

    /// A card's time on `day` (a day of its own zone, as its series counts them) on `display`'s
    /// clock: the time of `due` (else `start`), moved by the zone rules of that date. Nil when the
    /// card has no time of day.
    public static func local(_ card: Card, on day: Day, display: TimeZone = .current, vaultZone: TimeZone? = nil) -> DateValue? {
        guard let m = card.due?.minutes ?? card.start?.minutes else { return nil }
        let value = DateValue(day: day, minutes: m)
        guard let zone = zone(of: card, vaultZone: vaultZone) else { return value }
        return convert(value, from: zone, to: display)
    }

    /// What names this device's zone, without loading it: TZ when set, else where
    /// /etc/localtime leads (or its stamp when it is a file). Kept answers that depend on the
    /// device's zone are kept under it.
    static var deviceZoneName: String {
        if let tz = getenv("TZ") { return "TZ=" + String(cString: tz) }
        var target = [UInt8](repeating: 0, count: 4096)
        let n = readlink("/etc/localtime", &target, target.count)
        return n > 0 ? String(decoding: target[..<n], as: UTF8.self) : "localtime " + CleanMark.stamp("/etc/localtime")
    }

    /// `cards` on this device's clock (`localized`). The device's zone is looked up only when a
    /// card has a zone of its own: loading Foundation's cost a millisecond, at every command.
    public static func onThisClock(_ cards: [Card]) -> [Card] {
        guard cards.contains(where: { $0.timeZone != nil }) else { return cards }
        let here = TimeZone.current
        return cards.map { localized($0, display: here) }
    }

    /// The card as the device's clock shows it: `due` and `start` moved from its zone to
    /// `display`. The card's dates stay its zone's days for its series (`completed`, `except:`);
    /// only one-off readings move. Floating cards come back unchanged.
    public static func localized(_ card: Card, display: TimeZone = .current, vaultZone: TimeZone? = nil) -> Card {
        guard let zone = zone(of: card, vaultZone: vaultZone), zone.identifier != display.identifier else { return card }
        var c = card
        if card.isRepeating {
            // The days are the series' own; only the time of day follows the open occurrence.
            if let d = card.due, d.minutes != nil {
                let moved = convert(d, from: zone, to: display)
                c.due = DateValue(day: d.day, minutes: moved.minutes, seconds: moved.seconds)
            }
            if let s = card.start, s.minutes != nil {
                let moved = convert(s, from: zone, to: display)
                c.start = DateValue(day: s.day, minutes: moved.minutes, seconds: moved.seconds)
            }
            return c
        }
        c.due = card.due.map { convert($0, from: zone, to: display) }
        c.start = card.start.map { convert($0, from: zone, to: display) }
        return c
    }

    /// "Europe/Berlin (19:00 there)": the zone of a card and its time on that zone's clock.
    public static func words(_ card: Card, zone: TimeZone) -> String {
        name(zone) + ((card.due?.timeText ?? card.start?.timeText).map { " (\($0) there)" } ?? "")
    }

    /// The cards with the vault's `time_zone:` as the zone of every time that has none of its own.
    public static func withVaultZone(_ cards: [Card], _ settings: Settings) -> [Card] {
        guard let name = settings.timeZone else { return cards }
        return cards.map { card in
            guard card.timeZone == nil, card.due?.minutes ?? card.start?.minutes != nil else { return card }
            var c = card
            c.timeZone = name
            return c
        }
    }

    /// Windows zone names (as Outlook and Exchange write TZID) to Olson names, for the zones most
    /// calendars use (after CLDR's windowsZones, territory 001).
    public static let windows: [String: String] = [
        "Dateline Standard Time": "Etc/GMT+12", "UTC-11": "Etc/GMT+11", "Hawaiian Standard Time": "Pacific/Honolulu",
        "Alaskan Standard Time": "America/Anchorage", "Pacific Standard Time": "America/Los_Angeles",
        "Pacific Standard Time (Mexico)": "America/Tijuana", "US Mountain Standard Time": "America/Phoenix",
        "Mountain Standard Time": "America/Denver", "Central America Standard Time": "America/Guatemala",
        "Central Standard Time": "America/Chicago", "Central Standard Time (Mexico)": "America/Mexico_City",
        "Canada Central Standard Time": "America/Regina", "SA Pacific Standard Time": "America/Bogota",
        "Eastern Standard Time": "America/New_York", "US Eastern Standard Time": "America/Indianapolis",
        "Atlantic Standard Time": "America/Halifax", "Venezuela Standard Time": "America/Caracas",
        "Newfoundland Standard Time": "America/St_Johns", "E. South America Standard Time": "America/Sao_Paulo",
        "Argentina Standard Time": "America/Buenos_Aires", "SA Eastern Standard Time": "America/Cayenne",
        "Greenland Standard Time": "America/Godthab", "UTC-02": "Etc/GMT+2", "Azores Standard Time": "Atlantic/Azores",
        "Cape Verde Standard Time": "Atlantic/Cape_Verde", "UTC": "UTC", "Coordinated Universal Time": "UTC",
        "GMT Standard Time": "Europe/London", "Greenwich Standard Time": "Atlantic/Reykjavik",
        "W. Europe Standard Time": "Europe/Berlin", "Central Europe Standard Time": "Europe/Budapest",
        "Romance Standard Time": "Europe/Paris", "Central European Standard Time": "Europe/Warsaw",
        "W. Central Africa Standard Time": "Africa/Lagos", "GTB Standard Time": "Europe/Bucharest",
        "E. Europe Standard Time": "Europe/Chisinau", "Egypt Standard Time": "Africa/Cairo",
        "South Africa Standard Time": "Africa/Johannesburg", "FLE Standard Time": "Europe/Kiev",
        "Israel Standard Time": "Asia/Jerusalem", "Jordan Standard Time": "Asia/Amman", "Arabic Standard Time": "Asia/Baghdad",
        "Turkey Standard Time": "Europe/Istanbul", "Arab Standard Time": "Asia/Riyadh", "Russian Standard Time": "Europe/Moscow",
        "E. Africa Standard Time": "Africa/Nairobi", "Iran Standard Time": "Asia/Tehran", "Arabian Standard Time": "Asia/Dubai",
        "Afghanistan Standard Time": "Asia/Kabul", "Pakistan Standard Time": "Asia/Karachi", "West Asia Standard Time": "Asia/Tashkent",
        "India Standard Time": "Asia/Calcutta", "Sri Lanka Standard Time": "Asia/Colombo", "Nepal Standard Time": "Asia/Katmandu",
        "Central Asia Standard Time": "Asia/Almaty", "Bangladesh Standard Time": "Asia/Dhaka", "Myanmar Standard Time": "Asia/Rangoon",
        "SE Asia Standard Time": "Asia/Bangkok", "China Standard Time": "Asia/Shanghai", "Singapore Standard Time": "Asia/Singapore",
        "Taipei Standard Time": "Asia/Taipei", "W. Australia Standard Time": "Australia/Perth", "Tokyo Standard Time": "Asia/Tokyo",
        "Korea Standard Time": "Asia/Seoul", "Cen. Australia Standard Time": "Australia/Adelaide",
        "AUS Central Standard Time": "Australia/Darwin", "E. Australia Standard Time": "Australia/Brisbane",
        "AUS Eastern Standard Time": "Australia/Sydney", "Tasmania Standard Time": "Australia/Hobart",
        "New Zealand Standard Time": "Pacific/Auckland", "Tonga Standard Time": "Pacific/Tongatapu",
        // Outlook's display names, which some files use as TZID.
        "(UTC-08:00) Pacific Time (US & Canada)": "America/Los_Angeles", "(UTC-07:00) Mountain Time (US & Canada)": "America/Denver",
        "(UTC-06:00) Central Time (US & Canada)": "America/Chicago", "(UTC-05:00) Eastern Time (US & Canada)": "America/New_York",
        "(UTC+00:00) Dublin, Edinburgh, Lisbon, London": "Europe/London",
        "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna": "Europe/Berlin",
        "(UTC+01:00) Brussels, Copenhagen, Madrid, Paris": "Europe/Paris",
    ]
}
