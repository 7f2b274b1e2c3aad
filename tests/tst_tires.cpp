#include "tires/TireModel.h"
#include <QtTest>
class TestTires : public QObject { Q_OBJECT private slots: void placeholder() {} };
QTEST_APPLESS_MAIN(TestTires)
#include "tst_tires.moc"
