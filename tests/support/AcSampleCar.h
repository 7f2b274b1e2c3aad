#pragma once

// A small Assetto Corsa car data folder in the documented format (written here from
// the format's documented keys, no game files), comments and an unmapped file
// included: the game-file suites derive their expectations from its numbers.

#include "tests/support/CliRun.h"

#include <QDir>
#include <QtTest>

namespace vtw::test {

// A small car data folder in the documented format, comments and an unmapped
// file included. Its numbers are the ones the expectations below are derived from.
inline void writeSampleCar(const QString& folder) {
    QDir().mkpath(folder);
    auto write = [&](const QString& name, const QByteArray& text) {
        QVERIFY(writeFile(QDir(folder).filePath(name), text));
    };
    write("car.ini", "[HEADER]\r\nVERSION=2\r\n\r\n[BASIC]\r\nGRAPHICS_OFFSET=0,-0.1,0\r\n"
                     "TOTALMASS=1200 ; with driver, no fuel\r\nINERTIA=1.8,1.2,4.2\r\n\r\n"
                     "[CONTROLS]\r\nSTEER_LOCK=300\r\nSTEER_RATIO=15\r\n\r\n[FUEL]\r\nFUEL=30\r\n");
    write("engine.ini", "[HEADER]\nVERSION=1\nPOWER_CURVE=power.lut\nCOAST_CURVE=FROM_COAST_REF\n\n"
                        "[ENGINE_DATA]\nALTITUDE_SENSITIVITY=0.1\nINERTIA=0.12\nLIMITER=7200\nMINIMUM=950\n\n"
                        "[COAST_REF]\nRPM=7000\nTORQUE=56\nNON_LINEARITY=0\n");
    write("power.lut", "1000|150\n3000|200\n5000|230\n7000|190\n");
    write("drivetrain.ini", "[HEADER]\nVERSION=3\n\n[TRACTION]\nTYPE=RWD\n\n[GEARS]\nCOUNT=5\nGEAR_R=-3.3\n"
                            "GEAR_1=3.1\nGEAR_2=2.0\nGEAR_3=1.4\nGEAR_4=1.1\nGEAR_5=0.9\nFINAL=4.1\n\n"
                            "[DIFFERENTIAL]\nPOWER=0.3\nCOAST=0.1\nPRELOAD=40\n\n[GEARBOX]\nCHANGE_UP_TIME=180\n"
                            "CHANGE_DN_TIME=220\n\n[AUTO_SHIFTER]\nUP=6900\nDOWN=3500\n");
    write("suspensions.ini", "[HEADER]\nVERSION=4\n\n[BASIC]\nWHEELBASE=2.5\nCG_LOCATION=0.55\n\n"
                             "[FRONT]\nTYPE=DWB\nBASEY=-0.05\nTRACK=1.5\nSPRING_RATE=60000\nDAMP_BUMP=3000\nDAMP_REBOUND=4500\n"
                             "DAMP_FAST_BUMP=1500\nDAMP_FAST_REBOUND=2000\nDAMP_FAST_BUMPTHRESHOLD=0.1\n"
                             "DAMP_FAST_REBOUNDTHRESHOLD=0.1\nBUMP_STOP_RATE=300000\nBUMPSTOP_UP=0.08\nHUB_MASS=35\n\n"
                             "[REAR]\nTYPE=DWB\nBASEY=-0.03\nTRACK=1.52\nSPRING_RATE=55000\nPROGRESSIVE_SPRING_RATE=20000\n"
                             "DAMP_BUMP=2800\nDAMP_REBOUND=4000\nHUB_MASS=38\n\n[ARB]\nFRONT=25000\nREAR=12000\n");
    write("brakes.ini", "[DATA]\nMAX_TORQUE=1500\nFRONT_SHARE=0.62\nHANDBRAKE_TORQUE=900\n");
    write("tyres.ini", "[HEADER]\nVERSION=10\n\n[FRONT]\nNAME=Street\nRADIUS=0.31\nANGULAR_INERTIA=1.3\n"
                       "DX_REF=1.15\nDY_REF=1.12\nFRICTION_LIMIT_ANGLE=8\n\n[REAR]\nNAME=Street\nRADIUS=0.32\n"
                       "ANGULAR_INERTIA=1.4\nDX_REF=1.18\nDY_REF=1.14\nFRICTION_LIMIT_ANGLE=7.5\n");
    write("aero.ini", "[WING_0]\nNAME=BODY\nCHORD=1.0\nSPAN=2.0\nPOSITION=0,0,0\nLUT_AOA_CL=body_cl.lut\n"
                      "LUT_AOA_CD=body_cd.lut\nCL_GAIN=0\nCD_GAIN=0.32\nANGLE=0\n\n[WING_1]\nNAME=REAR\n"
                      "CHORD=0.3\nSPAN=1.5\nPOSITION=0,0.9,-1.375\nLUT_AOA_CL=wing_cl.lut\nLUT_AOA_CD=wing_cd.lut\n"
                      "CL_GAIN=1\nCD_GAIN=1\nANGLE=6\n");
    write("body_cl.lut", "-10|0\n10|0\n");
    write("body_cd.lut", "-10|1\n10|1\n");
    write("wing_cl.lut", "0|0.4\n10|1.4\n"); // 0.4 + 0.1 * 6 = 1.0 at ANGLE 6
    write("wing_cd.lut", "0|0.05\n10|0.15\n"); // 0.11 at 6
    write("ai_hints.ini", "[HINTS]\nSOMETHING=1\n");
}

} // namespace vtw::test
