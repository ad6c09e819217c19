#!/bin/bash
# jar.sh WORKTREE LABEL: package the guard (no tests) and copy its jar to /work/jars/guard-LABEL.jar
cd $1 && timeout 900 ./mvnw -q --no-transfer-progress package -pl guard -DskipTests -Dspotless.check.skip=true -Dcheckstyle.skip=true > /tmp/jar-$2.log 2>&1 && cp guard/target/guard-0.1.0-SNAPSHOT.jar /work/jars/guard-$2.jar && echo built $2 || { tail -30 /tmp/jar-$2.log; exit 1; }
