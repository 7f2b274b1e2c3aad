#include "ui/HelpDialogs.h"

#include "ui/AboutBox.h"

#include "core/setupfile/ProgramVersion.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMessageBox>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace vtw {

namespace {

// Menu text without its mnemonic marks and trailing ellipsis: "Save &As…" -> "Save As".
QString plainMenuText(QString text) {
    text.remove(QLatin1Char('&'));
    if (text.endsWith(QChar(0x2026)))
        text.chop(1);
    return text.trimmed();
}

void collect(const QMenu* menu, const QString& path, QList<QPair<QString, QString>>& out) {
    for (QAction* action : menu->actions()) {
        const QString name = path + QStringLiteral(" > ") + plainMenuText(action->text());
        if (action->menu()) {
            collect(action->menu(), name, out);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& k : action->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        if (!keys.isEmpty())
            out.append({name, keys.join(QStringLiteral(", "))});
    }
}

QDialog* closableDialog(const QString& title, QWidget* content, QWidget* parent) {
    auto* dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto* layout = new QVBoxLayout(dialog);
    content->setParent(dialog);
    layout->addWidget(content);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    return dialog;
}

} // namespace

QList<QPair<QString, QString>> keyboardShortcuts(const QMenuBar* menus) {
    QList<QPair<QString, QString>> out;
    for (QAction* action : menus->actions())
        if (action->menu())
            collect(action->menu(), plainMenuText(action->text()), out);
    // The live view's driving keys (ui/live/DriveKeyboard) are not menu actions.
    const QString drive = QObject::tr("Live > Drive (the plot area focused)");
    out.append({drive + QObject::tr(": throttle"), QStringLiteral("Up, W")});
    out.append({drive + QObject::tr(": brake"), QStringLiteral("Down, S")});
    out.append({drive + QObject::tr(": steer left / right"), QStringLiteral("Left, A / Right, D")});
    out.append({drive + QObject::tr(": handbrake"), QStringLiteral("Space")});
    out.append({drive + QObject::tr(": gear up / down"), QStringLiteral("E, PgUp / Q, PgDown")});
    return out;
}

QDialog* createShortcutsDialog(const QMenuBar* menus, QWidget* parent) {
    const QList<QPair<QString, QString>> shortcuts = keyboardShortcuts(menus);
    auto* table = new QTableWidget(static_cast<int>(shortcuts.size()), 2);
    table->setObjectName(QStringLiteral("shortcutTable"));
    table->setHorizontalHeaderLabels({QObject::tr("Command"), QObject::tr("Keys")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int row = 0; row < shortcuts.size(); ++row) {
        table->setItem(row, 0, new QTableWidgetItem(shortcuts[row].first));
        table->setItem(row, 1, new QTableWidgetItem(shortcuts[row].second));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    QDialog* dialog = closableDialog(QObject::tr("Keyboard shortcuts"), table, parent);
    dialog->resize(560, 520);
    return dialog;
}

QDialog* createGuideDialog(QWidget* parent) {
    auto* text = new QTextBrowser;
    text->setObjectName(QStringLiteral("guideText"));
    text->setOpenExternalLinks(false);
    text->setHtml(QObject::tr(
        "<h3>Vehicle Tuning Workbench %1</h3>"
        "<p><b>Setup</b>: each open setup is a tab. Edit its parameters in the forms (units "
        "follow View &gt; units; a refused value says why), and its curves by dragging points: "
        "the torque curve with power beside it, the tire tables, the tire model at a chosen "
        "load. Every change can be undone (Ctrl+Z), also while a field has focus.</p>"
        "<p><b>Live</b>: run a maneuver, or drive with the keyboard, in a worker thread: "
        "live traces, the friction ellipse of each tire, the G-G diagram and the car from "
        "above. Inspect pauses the plots to zoom and pan.</p>"
        "<p><b>Compare</b>: check two or more setups and the maneuvers, then run: metrics "
        "against a baseline, overlaid traces, the parameters that differ, which change "
        "mattered, and sweeps of one or two parameters. Results go out of date when a "
        "compared setup changes; run again from the banner.</p>"
        "<p><b>Track</b>: lap a track of the library or a track file in the quasi-steady "
        "model: lap and sector times, the speed on the map, traces by distance.</p>"
        "<p><b>Files</b>: setups are JSON files (File &gt; Save); the library cars open with "
        "File &gt; New from Library. Import and export Assetto Corsa car data, .tir tyre "
        "files, curves (CSV) and plots (PNG, PDF) from the File menu. Unsaved setups are "
        "kept for recovery if the program stops.</p>"
        "<p>The command-line tool <tt>vtw-cli</tt> runs the same maneuvers, laps, sweeps "
        "and conversions; <tt>vtw-cli --help</tt> lists its commands.</p>")
                      .arg(QString::fromLatin1(programVersion)));
    QDialog* dialog = closableDialog(QObject::tr("Getting started"), text, parent);
    dialog->resize(620, 560);
    return dialog;
}

void addHelpMenu(QMainWindow* window) {
    QMenu* help = window->menuBar()->addMenu(QObject::tr("&Help"));
    QAction* guide = help->addAction(QObject::tr("&Getting started"), window,
                                     [window] { createGuideDialog(window)->open(); });
    guide->setShortcut(QKeySequence::HelpContents);
    help->addAction(QObject::tr("&Keyboard shortcuts"), window,
                    [window] { createShortcutsDialog(window->menuBar(), window)->open(); });
    help->addSeparator();
    help->addAction(QObject::tr("&About"), window, [window] { createAboutBox(window)->open(); });
}

} // namespace vtw
