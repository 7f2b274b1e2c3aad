// Another running instance, for the recovery tests: autosaves one copy (the
// default setup under the given name) into a recovery folder, prints "saved",
// and owns the copy until its standard input closes or it is killed.

#include "core/setupfile/Recovery.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char* argv[]) {
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 4) {
        std::fputs("usage: recovery_owner FOLDER DOCUMENT-ID SETUP-NAME\n", stderr);
        return 2;
    }
    vtw::Setup setup = vtw::defaultSetup();
    setup.name = args[3].toStdString();
    vtw::RecoveryStore store(args[1]);
    const vtw::SaveResult r = store.save(args[2], setup);
    if (!r.ok) {
        std::fprintf(stderr, "%s\n", qPrintable(r.error));
        return 1;
    }
    std::puts("saved");
    std::fflush(stdout);
    while (std::getchar() != EOF) {
    }
    return 0;
}
