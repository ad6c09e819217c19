#!/bin/bash
java -cp ${1:-/work/jars/guard-49bb4d92.jar}:$(cat /work/briefs/guard.cp):/work/briefs/bin Decide
