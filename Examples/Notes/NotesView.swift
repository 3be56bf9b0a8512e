import CGTK

/// The widgets of Notes' window: a column of labels.
@MainActor
enum NotesView {
    /// A column with a heading and one line per entry.
    static func column(heading: String, lines: [String]) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_widget_set_margin_top(box, 16)
        gtk_widget_set_margin_start(box, 16)
        gtk_widget_set_margin_end(box, 16)
        let title = gtk_label_new(nil)!
        gtk_label_set_markup(schemerouter_gtk_label(title), "<big><b>\(escape(heading))</b></big>")
        gtk_label_set_xalign(schemerouter_gtk_label(title), 0)
        gtk_box_append(schemerouter_gtk_box(box), title)
        for line in lines {
            let label = gtk_label_new(line)!
            gtk_label_set_xalign(schemerouter_gtk_label(label), 0)
            gtk_label_set_wrap(schemerouter_gtk_label(label), 1)
            gtk_box_append(schemerouter_gtk_box(box), label)
        }
        return box
    }

    /// Escapes text for Pango markup.
    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}
