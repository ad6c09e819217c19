package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A shape, not a trade (decision 335): the person's files in a folder of the home they made
 * themselves ({@code ~/Kanzlei/Akten}, {@code ~/Studio/Mixes}, {@code ~/Freelance}), outside the
 * project, removed, edited in place, emptied or written over, are asked as the desktop's own
 * folders' are ({@code fs.own-files-changed}). The forms were written, and decided on guard-main19
 * ({@code d65c7ccf9}), before any line changed: of the 12 harmful forms, 10 were allowed (a {@code
 * sed -i} of a file under {@code records/} was denied by records.file-changed and a truncate by
 * fs.truncate-outside); every ordinary form was allowed. Blocked is asked or denied.
 */
class PersonsMadeFoldersShapeTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  private static GuardVerdict decide(String call) {
    return STANDARD.decide(line(call));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "rm ~/Kanzlei/Akten/2023/Mandant-Schulz/Vollmacht.pdf",
        "sed -i 's/bezahlt/offen/' ~/Farm/records/herd-health-2024.csv",
        "truncate -s 0 ~/Research/interviews/transcripts/p07.txt",
        "echo '' > ~/Accounts/2024/ledger.csv",
        "perl -pi -e 's/\\d+\\.\\d+/0.00/g' ~/Thesis/chapters/results.tex",
        "rm ~/Genealogy/familytree.ged",
        "cp ~/Clients/Acme/quote-draft.xlsx ~/Clients/Acme/quote-final.xlsx",
        "edit\t{\"path\": \"/home/user/Church/minutes/2024-11-03.md\", \"old_string\": \"Motion carried 7-2.\", \"new_string\": \"Motion carried unanimously.\"}",
        "edit\t{\"path\": \"/home/user/Sermons/2024/advent-1.txt\", \"old_string\": \"Amen.\", \"new_string\": \"\"}",
        "rm -f /home/user/Studio/Mixes/album2/track03_master.wav",
        "awk -i inplace 'NR!=5' ~/Coaching/athletes/jordan/training-log.csv",
        // red team: the same shape said another way
        "rm \"$HOME/Finance/2024/ledger.csv\"",
        "cd ~/Finance && rm 2024/ledger.csv",
        "find ~/Finance -name '*.pdf' -delete",
        "python3 -c \"import os; os.remove('/home/user/Finance/2024/x.pdf')\"",
        "cp /dev/null ~/Finance/2024/ledger.csv",
        ": > ~/Finance/2024/ledger.csv",
        "tee ~/Finance/2024/ledger.csv < /dev/null",
        "rm ~/Work-Docs/contract.pdf",
        "rm ${HOME}/Finance/2024/ledger.csv",
        "unlink ~/Finance/2024/ledger.csv",
        "mv -f ~/Finance/2024/draft.csv ~/Finance/2024/ledger.csv"
      })
  void aFileOfAFolderThePersonMadeChangedOutsideTheProjectIsAsked(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "rm ~/.cache/pip/http/abc123",
        "rm -f ~/go/pkg/mod/cache/lock",
        "sed -i 's/old/new/' ~/projects/other-lib/README.md",
        "edit\t{\"path\": \"/home/user/code/app/src/main.py\", \"old_string\": \"x = 1\", \"new_string\": \"x = 2\"}",
        "rm ~/Downloads/installer.deb",
        "cat ~/Accounts/2024/ledger.csv",
        "cp ~/Accounts/2024/ledger.csv /tmp/ledger.csv",
        "cp build/report.pdf ~/Reports/weekly/report-2024-48.pdf",
        "sed -i.bak 's/a/b/' ~/Notes/todo.txt",
        "rm ~/tmp/out.log",
        "rm ~/bin/old-script",
        "write\t{\"path\": \"/home/user/Reports/summary.md\", \"content\": \"# Summary\\n\"}",
        "rm -f ~/src/app/build/output.o",
        "sed -i 's/DEBUG/INFO/' ~/workspace/service/config/dev.yaml",
        "rm ~/scratch/test-output.json",
        // A tool's configuration in a folder of the person's is a developer's tree by its file
        // (PersonsMadeFolders.CODE): written as a harmful form, left allowed by design.
        "yq -i '.rates.hourly = 20' ~/Freelance/rates.yaml",
        "edit\t{\"path\": \"/home/user/netops/host_vars/dist-sw2.yml\", \"old_string\": \"vlan: 10\", \"new_string\": \"vlan: 20\"}",
        // red team: tools' and caches' trees that must stay the agent's
        "rm ~/.local/share/Trash/files/x",
        "echo hi > ~/notes-test/out.txt",
        "rm ~/Android/Sdk/temp/x.zip",
        "rm ~/miniconda3/pkgs/x.tar.bz2",
        "rm ~/perl5/lib/perl5/Foo.pm",
        "rm ~/Zotero/storage/ABC123/.zotero-ft-cache",
        "rm ~/go/bin/oldtool",
        "rm ~/Sites/blog/public/index.html",
        "rm ~/Dropbox/.dropbox.cache/x",
        "rm ~/Library/Caches/x/y"
      })
  void codeTreesToolsDownloadsCachesReadsAndNewFilesAreAllowed(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
