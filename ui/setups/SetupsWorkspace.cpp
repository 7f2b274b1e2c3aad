#include "ui/setups/SetupsWorkspace.h"

#include "ui/document/DocumentManager.h"
#include "ui/document/SetupDocument.h"
#include "ui/setups/DerivedFiguresPanel.h"
#include "ui/setups/DocumentView.h"
#include "ui/setups/ParameterPanel.h"
#include "ui/setups/SetupTransfers.h"

#include <qcustomplot.h>

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QMainWindow>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QUndoGroup>
#include <QUndoView>
#include <QVBoxLayout>

#include <utility>

namespace vtw {

SetupsWorkspace::SetupsWorkspace(DocumentManager* documents, QWidget* dialogParent, QWidget* parent)
    : QWidget(parent), m_documents(documents), m_tabs(new QTabWidget), m_undoGroup(new QUndoGroup(this)),
      m_figures(new DerivedFiguresPanel),
      m_transfers(new SetupTransfers(dialogParent, documents, [this] { return currentDocument(); })),
      // Children of the workspace until a window takes them as its docks.
      m_figuresDock(new QDockWidget(tr("Derived figures"), this)),
      m_historyDock(new QDockWidget(tr("History"), this)) {
    setObjectName(QStringLiteral("setupsWorkspace"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    m_tabs->setObjectName(QStringLiteral("documents"));

    m_figuresDock->setObjectName(QStringLiteral("derivedFiguresDock"));
    m_figuresDock->setWidget(m_figures);
    m_figuresDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                               QDockWidget::DockWidgetClosable);
    m_historyDock->setObjectName(QStringLiteral("historyDock"));
    auto* history = new QUndoView(m_undoGroup, m_historyDock);
    history->setEmptyLabel(tr("<opened>"));
    m_historyDock->setWidget(history);

    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &SetupsWorkspace::closeDocument);
    connect(m_tabs, &QTabWidget::currentChanged, this, &SetupsWorkspace::onCurrentChanged);
    connect(documents, &DocumentManager::documentAdded, this, &SetupsWorkspace::addView);
    connect(documents, &DocumentManager::documentShown, this,
            [this](SetupDocument* d) { m_tabs->setCurrentWidget(viewOf(d)); });
    connect(documents, &DocumentManager::documentClosing, this, &SetupsWorkspace::removeView);
    connect(documents, &DocumentManager::documentSaved, this, &SetupsWorkspace::updateTabTitles);
    connect(m_transfers, &SetupTransfers::statusMessage, this, &SetupsWorkspace::statusMessage);
}

SetupsWorkspace::~SetupsWorkspace() {
    // The tabs go with the workspace's other children, the undo group among
    // them: what they announce on the way must not reach a workspace half gone.
    m_tabs->disconnect(this);
}

void SetupsWorkspace::addDocksTo(QMainWindow* window) {
    window->addDockWidget(Qt::RightDockWidgetArea, m_figuresDock);
    window->addDockWidget(Qt::RightDockWidgetArea, m_historyDock);
    window->resizeDocks({m_figuresDock}, {300}, Qt::Horizontal);
    window->resizeDocks({m_figuresDock, m_historyDock}, {520, 200}, Qt::Vertical);
}

void SetupsWorkspace::leave() {
    m_docksShownBeforeLeaving.clear();
    for (QDockWidget* dock : {m_figuresDock, m_historyDock}) {
        if (dock->isVisible())
            m_docksShownBeforeLeaving << dock;
        dock->hide();
    }
}

void SetupsWorkspace::enter() {
    for (QDockWidget* dock : m_docksShownBeforeLeaving)
        dock->show();
}

DocumentView* SetupsWorkspace::viewOf(const SetupDocument* document) const {
    for (DocumentView* v : views()) {
        if (v->document() == document)
            return v;
    }
    return nullptr;
}

SetupDocument* SetupsWorkspace::currentDocument() const {
    DocumentView* view = currentView();
    return view ? view->document() : nullptr;
}

DocumentView* SetupsWorkspace::currentView() const {
    return qobject_cast<DocumentView*>(m_tabs->currentWidget());
}

QWidget* SetupsWorkspace::currentPlot() const {
    DocumentView* view = currentView();
    return view ? view->currentPlot() : nullptr;
}

QList<DocumentView*> SetupsWorkspace::views() const {
    QList<DocumentView*> out;
    for (int i = 0; i < m_tabs->count(); ++i)
        out << static_cast<DocumentView*>(m_tabs->widget(i));
    return out;
}

QStringList SetupsWorkspace::documentNames() const {
    QStringList names;
    for (DocumentView* v : views())
        names << v->document()->displayName();
    return names;
}

bool SetupsWorkspace::closeDocument(int index) {
    auto* view = qobject_cast<DocumentView*>(m_tabs->widget(index));
    if (!view)
        return false;
    m_tabs->setCurrentIndex(index);
    return m_documents->close(view->document());
}

SetupsWorkspace::UndoActions SetupsWorkspace::createUndoActions(QObject* parent) const {
    QAction* undo = m_undoGroup->createUndoAction(parent, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    QAction* redo = m_undoGroup->createRedoAction(parent, tr("&Redo"));
    // Every binding of the platform, and Ctrl+Y where it has none (the generic theme
    // binds Ctrl+Shift+Z only).
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (!redoKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Y)))
        redoKeys.append(QKeySequence(Qt::CTRL | Qt::Key_Y));
    redo->setShortcuts(redoKeys);
    redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    // The menu says what would be undone ("Undo Mass"); a toolbar keeps a fixed word so
    // that its buttons do not change width, and move everything beside them, at each edit.
    undo->setIconText(tr("Undo"));
    redo->setIconText(tr("Redo"));
    return {undo, redo};
}

void SetupsWorkspace::setUnitSystem(UnitSystem system) {
    m_unitSystem = system;
    for (DocumentView* v : views())
        v->setUnitSystem(system);
    m_figures->setUnitSystem(system);
    m_transfers->setUnitSystem(system);
}

void SetupsWorkspace::saveLayout(QSettings& settings) const {
    if (DocumentView* v = currentView())
        v->saveLayout(settings);
}

void SetupsWorkspace::addView(SetupDocument* document) {
    auto* view = new DocumentView(document, m_tabs);
    m_undoGroup->addStack(document->undoStack());
    view->setUnitSystem(m_unitSystem);
    view->restoreLayout(QSettings());
    for (QSplitter* splitter : view->findChildren<QSplitter*>())
        connect(splitter, &QSplitter::splitterMoved, this, &SetupsWorkspace::layoutChanged);
    connect(view, &DocumentView::message, this, [this](const QString& text) {
        m_lastRefusal = text;
        emit editRefused(text);
    });
    connect(view->parameters(), &ParameterPanel::importTirRequested, m_transfers, &SetupTransfers::importTir);
    connect(document, &SetupDocument::modifiedChanged, this, &SetupsWorkspace::updateTabTitles);
    connect(document, &SetupDocument::filePathChanged, this, &SetupsWorkspace::updateTabTitles);
    connect(document, &SetupDocument::changed, this, [this, document](const SetupChange& change) {
        if (!m_lastRefusal.isEmpty())
            emit editRefusalOutdated(std::exchange(m_lastRefusal, QString()));
        if (change.kind == SetupChange::Kind::Name)
            updateTabTitles();
        emit documentEdited(document);
        emit openSetupsChanged();
    });
    m_tabs->setCurrentIndex(m_tabs->addTab(view, document->displayName()));
    updateTabTitles();
    emit openSetupsChanged();
}

void SetupsWorkspace::removeView(SetupDocument* document) {
    DocumentView* view = viewOf(document);
    {
        QSettings settings;
        view->saveLayout(settings);
    }
    m_figures->setDocument(nullptr); // it must not outlive the document it follows
    m_tabs->removeTab(m_tabs->indexOf(view));
    m_undoGroup->removeStack(document->undoStack());
    document->disconnect(this);
    delete view;
    onCurrentChanged();
    emit openSetupsChanged();
}

void SetupsWorkspace::onCurrentChanged() {
    SetupDocument* document = currentDocument();
    m_undoGroup->setActiveStack(document ? document->undoStack() : nullptr);
    m_figures->setDocument(document);
    emit currentDocumentChanged(document);
    updateTabTitles();
}

void SetupsWorkspace::updateTabTitles() {
    for (int i = 0; i < m_tabs->count(); ++i) {
        SetupDocument* d = static_cast<DocumentView*>(m_tabs->widget(i))->document();
        m_tabs->setTabText(i, d->displayName() + (d->isModified() ? QStringLiteral(" *") : QString()));
        m_tabs->setTabToolTip(i, d->filePath().isEmpty() ? tr("Not saved yet")
                                                         : QDir::toNativeSeparators(d->filePath()));
    }
    emit titlesChanged();
}

} // namespace vtw
