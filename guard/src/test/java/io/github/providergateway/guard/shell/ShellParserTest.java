package io.github.providergateway.guard.shell;

import static io.github.providergateway.guard.shell.Rendering.parse;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One parameterized test per construct the parser reads: each row is a command and its parse as
 * {@link Rendering} writes it ({@code \n} between invocations, {@code \t} a tab in the command).
 */
class ShellParserTest {

  private static void check(String command, String expected) {
    assertThat(parse(unescape(command))).as(command).isEqualTo(unescape(expected));
  }

  private static String unescape(String text) {
    return text == null ? "" : text.replace("\\t", "\t").replace("\\n", "\n");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          rm -rf /                         → rm -rf /
          git  push                        → git push
          git\\tpush                       → git push
          ls; rm x                         → ls\\nrm x
          ls && rm x || echo no & wait     → ls\\nrm x\\necho no\\nwait
          ls | grep x |& wc                → ls\\ngrep x\\nwc
          (cd /; rm -rf x)                 → cd /\\nrm -rf x
          ( (rm a) )                       → rm a
          { cd /; rm -rf x; }              → cd /\\nrm -rf x
          a;b                              → a\\nb
          a\\nb\\n\\nc                     → a\\nb\\nc
          echo a#b #c d                    → echo a#b
          # only a comment                 →
          ls # rm -rf /\\nrm x             → ls\\nrm x
          rm \\\\n-rf /                    → rm -rf /
          ! rm x                           → rm x
          """)
  void separatorsPipesSubshellsAndGroupsSplitCommands(String command, String expected) {
    check(command, expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          r''m -rf /                       → rm -rf /
          "r"m -rf /                       → rm -rf /
          \\rm -rf /                       → rm -rf /
          'git' "push"                     → git push
          git\\ push                       → [git push]
          $'\\x72m' -rf /                  → rm -rf /
          $'\\162\\155' x                  → rm x
          $'a\\tb' $'it\\'s' $'\\u00e9'    → [a\tb] it's é
          $"rm" x                          → rm x
          echo "a \\"b\\" \\\\ \\$x \\q"   → echo [a "b" \\ $x \\q]
          echo 'a\\b' "it's"               → echo a\\b it's
          echo ""  ''                      → echo [] []
          echo "$HOME/x" ~/x ~ a~          → echo «$HOME/x» «~/x» «~» a~
          echo a=~/x b:~/y --p=~/z a=b:~/w → echo «a=~/x» b:~/y --p=~/z «a=b:~/w»
          echo ${HOME}/x $1 $@ $? $$       → echo «${HOME}/x» «$1» «$@» «$?» «$$»
          echo * a?c [ab] [ x] \\* '*'     → echo «*» «a?c» «[ab]» [ x] * *
          echo {a,b} {1..3} {} a{b}        → echo a b «{1..3}» {} a{b}
          {rm,-rf,/}                       → rm -rf /
          rm -rf /{etc,usr}                → rm -rf /etc /usr
          echo a{b,c}d x{,y} {a,{b,c}}     → echo abd acd x xy «{a,{b,c}}»
          echo {'a b',c} a{1..2}{x,y}      → echo [a b] c «a{1..2}{x,y}»
          {bash,-c,'rm x'}                 → bash -c [rm x]\\nbash -c rm x
          rm${IFS}-rf${IFS}/               → rm -rf /
          cat$IFS/etc/passwd               → cat /etc/passwd
          echo "${IFS}"x $IFSx             → echo «${IFS}x» «$IFSx»
          cat > a${IFS}b                   → cat >«a${IFS}b»
          echo $ a$ "$"                    → echo $ a$ $
          echo "a$(rm x)b"                 → echo «a$(rm x)b»\\n$(…) rm x
          """)
  void wordsAreValuesAfterQuoteRemovalWithExpansionsKeptAsSource(String command, String expected) {
    check(command, expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          echo $(rm -rf /)                 → echo «$(rm -rf /)»\\n$(…) rm -rf /
          echo `rm -rf /`                  → echo «`rm -rf /`»\\n`…` rm -rf /
          echo $(echo $(rm x))             → echo «$(echo $(rm x))»\\n$(…) echo «$(rm x)»\\n$(…)>$(…) rm x
          echo `echo \\`rm x\\``           → echo «`echo \\`rm x\\``»\\n`…` echo «`rm x`»\\n`…`>`…` rm x
          echo "$(echo "$(rm x)")"         → echo «$(echo "$(rm x)")»\\n$(…) echo «$(rm x)»\\n$(…)>$(…) rm x
          diff <(ls a) >(rm b)             → diff «<(ls a)» «>(rm b)»\\n<(…) ls a\\n>(…) rm b
          cat a<(ls)                       → cat «a<(ls)»\\n<(…) ls
          echo $((1 + 2)) $((x*(2+3)))     → echo «$((1 + 2))» «$((x*(2+3)))»
          echo $(( $(rm x) + 1 ))          → echo «$(( $(rm x) + 1 ))»\\n$(…) rm x
          ((i++)); rm x                    → rm x
          echo ${x:-$(rm y)}               → echo «${x:-$(rm y)}»\\n$(…) rm y
          echo "${x:-'a b'}" ${y:-'a)b'}   → echo «${x:-'a b'}» «${y:-'a)b'}»\\n$var echo [a b] a)b
          git push ${F:---force} origin    → git push «${F:---force}» origin\\n$var git push --force origin
          F=x; rm ${F:+-rf} /tmp/a         → $var rm -rf /tmp/a
          F=a; echo ${F:-b} ${G=c}         → echo «${F:-b}» «${G=c}»\\n$var echo a c
          X=$(rm -rf /)                    → $(…) rm -rf /
          echo $( (rm x) )                 → echo «$( (rm x) )»\\n$(…) rm x
          echo $(case x in a) rm y;; esac) → echo «$(case x in a) rm y;; esac)»\\n$(…) rm y
          echo $[1+2]                      → echo «$[1+2]»
          """)
  void substitutionsAreReadAsCommandsOfTheirOwn(String command, String expected) {
    check(command, expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          echo x > out                     → echo x >out
          echo x >>out 2>&1                → echo x >>out >&1
          cmd &> all &>> more              → cmd &>all &>>more
          cmd >| f <> g < h 3<&0           → cmd >|f <>g <h <&0
          cat <<< 'rm x'                   → cat <<<[rm x]=rm x
          cat <<EOF\\nrm x\\nEOF\\nls      → cat <<EOF=rm x⏎\\nls
          cat <<-EOF\\n\\trm x\\n\\tEOF\\n → cat <<-EOF=rm x⏎
          cat <<'E F'\\n$(rm x)\\nE F\\n   → cat <<[E F]=$(rm x)⏎
          cat <<EOF\\n$(rm x)\\nEOF\\n     → cat <<EOF=$(rm x)⏎\\n$(…) rm x
          cat <<A; cat <<B\\na\\nA\\nb\\nB → cat <<A=a⏎\\ncat <<B=b⏎
          > /etc/passwd                    → >/etc/passwd
          {fd}>log echo x                  → echo x >log
          echo $(cat <<EOF\\n)\\nEOF\\n)   → echo «$(cat <<EOF\\n)\\nEOF\\n)»\\n$(…) cat <<EOF=)⏎
          """)
  void redirectionsAndHereDocumentsAreKept(String command, String expected) {
    check(command, expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          FOO=1 rm x                       → rm x
          A=1 B=$(rm y) ls                 → ls\\n$(…) rm y
          arr=(a $(rm z) c) ls             → ls\\n$(…) rm z
          if rm a; then rm b; else rm c; fi → rm a\\nrm b\\nrm c
          if a; then b; elif c; then d; fi > f → a\\nb\\nc\\nd\\n>f
          for f in a $(rm x); do rm $f; done → $(…) rm x\\nrm «$f»
          for ((i=0;i<3;i++)); do rm x; done → rm x
          while read l; do rm "$l"; done < list → read l\\nrm «$l»\\n<list
          until false; do rm x; done       → false\\nrm x
          case $x in a|b) rm a;; (c) rm c;& *) rm d;;& esac → rm a\\nrm c\\nrm d
          case x in\\n  a) rm a\\n  ;;\\nesac → rm a
          f() { rm -rf /; }                → rm -rf /
          function g { rm x; }             → rm x
          function h() ( rm y )            → rm y
          time rm x                        → {time} rm x
          time -p rm x                     → {time} rm x
          time { rm x; }                   → rm x
          [[ -f $(rm x) && a < b ]]        → $(…) rm x
          echo if then fi                  → echo if then fi
          coproc rm x                      → rm x
          declare -a x=(1 $(rm y)) z=2     → declare -a «x=(1 $(rm y))» z=2\\n$(…) rm y
          local arr=(a b); rm x            → local «arr=(a b)»\\nrm x
          export FOO=                      → export FOO=
          declare -a x=                    → declare -a x=
          local a=; rm x                   → local a=\\nrm x
          """)
  void compoundCommandsAndAssignmentsYieldTheCommandsWithin(String command, String expected) {
    check(command, expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          x=rm; $x -rf /                   → $var rm -rf /
          a=r; b=m; $a$b -rf /             → $var rm -rf /
          export D=/; rm -rf "$D"          → export D=/\\n$var rm -rf /
          c='rm -rf /'; $c                 → $var rm -rf /
          c='rm -rf /'; bash -c "$c"       → $var bash -c [rm -rf /]\\n$var>bash -c rm -rf /
          sh -c '"$0" -rf "$1"' rm /       → sh -c ["$0" -rf "$1"] rm /\\nsh -c>$var rm -rf /
          find . -exec sh -c 'rm "$@"' _ {} + → find . -exec sh -c [rm "$@"] _ {} +\\nfind -exec sh -c [rm "$@"] _ {}\\nfind -exec>sh -c>$var rm {}
          x=rm; x=$y; $x a                 → «$x» a
          x=rm ls; $x a                    → ls\\n«$x» a
          s=sudo; $s rm x                  → $var {sudo} rm x
          """)
  void knownVariablesAndPositionalParametersAreReadWithTheirValuesToo(
      String command, String expected) {
    check(command, expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          sudo rm -rf /                    → {sudo} rm -rf /
          sudo -u root -E -- rm x          → {sudo} rm x
          sudo -uroot HOME=/ rm x          → {sudo} rm x
          sudo --user=root rm x            → {sudo} rm x
          sudo -l                          → sudo -l
          sudo -e /etc/hosts               → sudo -e /etc/hosts
          doas -u root rm x                → {doas} rm x
          env -i -u PATH A=1 rm x          → {env} rm x
          env -S 'rm -rf /'                → {env} rm -rf /
          env                              → env
          command rm x                     → {command} rm x
          command -v rm                    → command -v rm
          builtin cd /                     → {builtin} cd /
          exec -a name rm x                → {exec} rm x
          nohup rm x &                     → {nohup} rm x
          nice -n 10 rm x                  → {nice} rm x
          nice -10 rm x                    → {nice} rm x
          ionice -c 3 rm x                 → {ionice} rm x
          timeout 5 rm x                   → {timeout} rm x
          timeout -s KILL -k 1 5s rm x     → {timeout} rm x
          /usr/bin/time -f %e rm x         → {time} rm x
          stdbuf -oL -e 0 rm x             → {stdbuf} rm x
          setsid -f rm x                   → {setsid} rm x
          chroot / rm x                    → {chroot} rm x
          unbuffer rm x                    → {unbuffer} rm x
          flock -w 3 /tmp/l rm x           → {flock} rm x
          busybox rm -rf /                 → {busybox} rm -rf /
          toybox rm x                      → {toybox} rm x
          sudo env nice /bin/rm x          → {sudo,env,nice} /bin/rm x
          "$SUDO" rm x                     → «$SUDO» rm x
          """)
  void wrappersAreTakenOffWithTheirOptions(String command, String expected) {
    check(command, expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          bash -c 'rm -rf /'               → bash -c [rm -rf /]\\nbash -c rm -rf /
          sh -c "cd /; rm x"               → sh -c [cd /; rm x]\\nsh -c cd /\\nsh -c rm x
          bash -lc 'rm x'                  → bash -lc [rm x]\\nbash -c rm x
          bash -euo pipefail -c 'rm x'     → bash -euo pipefail -c [rm x]\\nbash -c rm x
          zsh -c 'rm x'                    → zsh -c [rm x]\\nzsh -c rm x
          sudo bash -c 'sh -c "rm x"'      → {sudo} bash -c [sh -c "rm x"]\\nbash -c sh -c [rm x]\\nbash -c>sh -c rm x
          bash script.sh                   → bash script.sh
          su -c 'rm x' root                → su -c [rm x] root\\nsu -c rm x
          su - root -c 'rm x'              → su - root -c [rm x]\\nsu -c rm x
          eval rm '-rf /'                  → eval rm [-rf /]\\neval rm -rf /
          eval "$CMD"                      → eval «$CMD»\\neval «$CMD»
          bash <<EOF\\nrm -rf /\\nEOF\\n   → bash <<EOF=rm -rf /⏎\\nheredoc rm -rf /
          sh <<< 'rm x'                    → sh <<<[rm x]=rm x\\nheredoc rm x
          find . -name x -exec rm -rf {} \\; → find . -name x -exec rm -rf {} ;\\nfind -exec rm -rf {}
          find / -execdir sudo rm {} + -delete → find / -execdir sudo rm {} + -delete\\nfind -exec {sudo} rm {}
          find . -delete                   → find . -delete
          ls | xargs -0 -n 1 rm -f         → ls\\nxargs -0 -n 1 rm -f\\nxargs rm -f
          echo / | xargs rm -rf            → echo /\\nxargs rm -rf\\nxargs rm -rf /
          echo / | xargs -I% rm -rf %/x    → echo /\\nxargs -I% rm -rf %/x\\nxargs rm -rf //x
          echo rm -rf / | xargs            → echo rm -rf /\\nxargs\\nxargs echo rm -rf /
          printf '%s ' a b | xargs sh -c   → printf [%s ] a b\\nxargs sh -c\\nxargs sh -c a b\\nxargs>sh -c a
          xargs -I{} sh -c 'rm {}'         → xargs -I{} sh -c [rm {}]\\nxargs sh -c [rm {}]\\nxargs>sh -c rm {}
          watch -n 5 'rm x; ls'            → watch -n 5 [rm x; ls]\\nwatch rm x\\nwatch ls
          watch -x rm x                    → watch -x rm x\\nwatch rm x
          flock /tmp/l -c 'rm x'           → flock /tmp/l -c [rm x]\\nflock -c rm x
          echo $(bash -c 'rm x')           → echo «$(bash -c 'rm x')»\\n$(…) bash -c [rm x]\\n$(…)>bash -c rm x
          echo 'rm -rf /' | sh             → echo [rm -rf /]\\nsh\\npipe rm -rf /
          echo -n rm x |& sudo bash -s     → echo -n rm x\\n{sudo} bash -s\\npipe rm x
          printf 'rm %s\\n' x | bash     → printf [rm %s\\n] x\\nbash\\npipe rm x
          cat <<X | sh\\nrm y\\nX\\n → cat <<X=rm y⏎\\nsh\\npipe rm y
          echo rm x | tee f | sh           → echo rm x\\ntee f\\nsh
          echo rm x || sh                  → echo rm x\\nsh
          echo rm x; sh                    → echo rm x\\nsh
          echo rm x | sh script.sh         → echo rm x\\nsh script.sh
          """)
  void nestedShellsAndCommandRunnersAreReadToo(String command, String expected) {
    check(command, expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          python3 -c 'import os; os.system("rm -rf /")' → python -c rm -rf /
          python -c 'import subprocess; subprocess.run(["rm", "-rf", "/"])' → python -c rm -rf /
          python -c 'import os; os.system("rm -rf " + d)' → python -c rm -rf «$INLINE»
          python -c 'import shutil; shutil.rmtree("/")' →
          python3 -uc 'import os; os.popen("rm x")' → python -c rm x
          python -c 'import os; os.system(f"rm -rf {d}/x {{y}}")' → python -c rm -rf «$INLINE/x» {y}
          python -c 'import os; os.system(r"rm -rf \\x" + d)' → python -c rm -rf «x$INLINE»
          python -c 'from subprocess import run; run(["rm", "-rf", path])' → python -c rm -rf «$path»
          python -c 'app.run("x")' →
          python -c "os.system('''rm x''')" → python -c rm x
          node -e 'require("child_process").execSync("rm -rf /")' → node -e rm -rf /
          node -e 'cp.spawn("rm", ["-rf", "/"])' → node -e rm -rf /
          node --eval='exec(`rm ${dir}`)'  → node -e rm «${dir}»
          perl -e 'system("rm", "-rf", "/")' → perl -e rm -rf /
          perl -le 'print `rm x`'          → perl -e rm x
          perl -e 'qx(rm y)'               → perl -e rm y
          ruby -e 'system "rm -rf /"'      → ruby -e rm -rf /
          ruby -e '%x(rm z)'               → ruby -e rm z
          php -r 'shell_exec("rm x");'     → php -r rm x
          awk 'BEGIN { system("rm -rf /") }' → awk rm -rf /
          awk 'BEGIN { "date" | getline d; print d | "sh" }' → awk date\\nawk sh\\nawk «$AWK_PRINTED»
          python3 <<EOF\\nimport os\\nos.system('rm x')\\nEOF\\n → heredoc python3 -c [import os\\nos.system('rm x')\\n]\\nheredoc>python -c rm x
          python -c 'os.system("bash -c \\"rm x\\"")' → python -c bash -c [rm x]\\npython -c>bash -c rm x
          python -c "exec('import os; os.system(\\"rm x\\")')" → python -c rm x
          node -e 'eval("require(\\"child_process\\").execSync(\\"rm x\\")")' → node -e rm x
          perl -e 'eval "system(q(rm x))"; system("rm y")' → perl -e rm x\\nperl -e rm y
          echo 'import os; os.system("rm x")' | python3 → python3\\npipe python3 -c [import os; os.system("rm x")]\\npipe>python -c rm x
          """)
  void inlineCodeYieldsTheShellCommandsItRuns(String command, String expected) {
    String[] parts = parse(unescape(command)).split("\n", 2);
    assertThat(parts[0]).as("the interpreter stays").startsWith(command.substring(0, 3));
    assertThat(parts.length > 1 ? parts[1] : "").as(command).isEqualTo(unescape(expected));
  }
}
