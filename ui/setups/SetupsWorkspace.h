#pragma once

// The Setups workspace: the open setups as tabs, each a DocumentView, with the
// docks that belong to editing (the current setup's derived figures and the
// undo history) and the setups' imports and exports. It follows the
// DocumentManager: a document the manager takes gets a tab, one it closes
// loses its tab. The window places the docks and wires the workspace to the
// other workspaces through its signals.

#include "core/setupfile/SetupMetadata.h"

#include <QList>
#include <QWidget>

class QAction;
class QDockWidget;
class QMainWindow;
class QSettings;
class QTabWidget;
class QUndoGroup;

namespace vtw {

class DerivedFiguresPanel;
class DocumentManager;
class DocumentView;
class SetupDocument;
class SetupTransfers;

class SetupsWorkspace : public QWidget {
    Q_OBJECT
public:
    /// The imports' and exports' dialogs open over `dialogParent` (the window).
    SetupsWorkspace(DocumentManager* documents, QWidget* dialogParent, QWidget* parent = nullptr);
    ~SetupsWorkspace() override;

    /// Puts the docks on the window's right, at their sizes for a first start.
    void addDocksTo(QMainWindow* window);
    /// Leaving hides the docks (the other workspaces need the width); entering
    /// shows again those the user had open.
    void leave();
    void enter();

    DocumentView* viewOf(const SetupDocument* document) const;
    SetupDocument* currentDocument() const;
    DocumentView* currentView() const;
    /// The current view's plot in front (DocumentView::currentPlot), if any.
    QWidget* currentPlot() const;
    /// In tab order.
    QList<DocumentView*> views() const;
    /// The documents' display names, in tab order.
    QStringList documentNames() const;
    /// Asks the manager to close the tab's document (it asks to save unsaved
    /// changes); false if the user cancelled or there is no such tab.
    bool closeDocument(int index);

    QTabWidget* tabs() const { return m_tabs; }
    DerivedFiguresPanel* derivedFigures() const { return m_figures; }
    SetupTransfers* transfers() const { return m_transfers; }

    /// Undo and redo of the current document, for the window's menu and toolbar.
    struct UndoActions {
        QAction* undo;
        QAction* redo;
    };
    UndoActions createUndoActions(QObject* parent) const;

    void setUnitSystem(UnitSystem system);
    /// The current view's splitters and page (DocumentView::saveLayout).
    void saveLayout(QSettings& settings) const;

signals:
    /// Another tab is current, or none is left.
    void currentDocumentChanged(vtw::SetupDocument* document);
    /// A document was edited (any edit the gate accepted).
    void documentEdited(vtw::SetupDocument* document);
    /// A setup was opened, closed or edited: what other workspaces offer changed.
    void openSetupsChanged();
    /// The tabs' names, unsaved marks or order changed.
    void titlesChanged();
    /// A view refused an edit; the text says why.
    void editRefused(const QString& text);
    /// An edit was accepted since: the last refusal no longer applies, and a
    /// fixed value must not leave its old error on screen.
    void editRefusalOutdated(const QString& text);
    /// A view's splitter moved: the layout to keep changed.
    void layoutChanged();
    void statusMessage(const QString& text);

private:
    /// A tab for a document the manager took; removeView() takes it away again.
    void addView(SetupDocument* document);
    void removeView(SetupDocument* document);
    void onCurrentChanged();
    void updateTabTitles();

    DocumentManager* m_documents;
    QTabWidget* m_tabs;
    QUndoGroup* m_undoGroup;
    DerivedFiguresPanel* m_figures;
    SetupTransfers* m_transfers;
    QDockWidget* m_figuresDock;
    QDockWidget* m_historyDock;
    QList<QDockWidget*> m_docksShownBeforeLeaving;
    UnitSystem m_unitSystem = UnitSystem::SI;
    QString m_lastRefusal; ///< until the next accepted edit
};

} // namespace vtw
