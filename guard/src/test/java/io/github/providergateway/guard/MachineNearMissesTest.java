package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ordinary work beside the machine, disks, exposure, access and supply families (issue 80): each
 * command is what a developer runs on an ordinary day, one step from a harm those families deny,
 * and stays allowed under the standard preset.
 */
class MachineNearMissesTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "dd if=/dev/zero of=$IMG bs=1M count=64",
        "dd if=/dev/urandom of=\"$OUT/key.bin\" bs=32 count=1",
        "for f in $(ls /dev/sd*); do echo $f; done",
        "kill $(lsof -t -i:3000)",
        "kill -9 $(cat /tmp/pf.pid)",
        "pkill -f \"vite --port 5173\"",
        "ps aux | sort -nrk 3 | head -5",
        "pip install --extra-index-url https://download.pytorch.org/whl/cpu torch torchvision",
        "pip install -e .",
        "pip install flask-cors pytest-cov requests-mock django-environ",
        "npm install react-router-dom @types/node reactstrap dotenv-cli",
        "pip install pandas==2.2.0 numpy>=1.26",
        "npm i -D eslint-config-prettier",
        "npm install axios@1.6.0",
        "npm install preact",
        "git config core.hooksPath .githooks",
        "git config --local core.hooksPath scripts/hooks",
        "node -r ts-node/register src/app.ts",
        "node --import ./register.mjs app.js",
        "python3 -m http.server 8080 --bind 127.0.0.1",
        "python3 -m http.server 9000 -d build",
        "cd docs/_build/html && python3 -m http.server",
        "ssh -N -L 8080:localhost:8080 dev",
        "socat TCP-LISTEN:8080,fork TCP:localhost:3000",
        "systemctl --user restart pipewire",
        "journalctl -xe",
        "history 20",
        "chmod +x ./scripts/*.sh",
        "chmod 2775 shared",
        "gsettings set org.gnome.desktop.interface text-scaling-factor 1.25",
        "sudo apt autoremove -y",
        "exiftool photo.jpg",
        "mogrify -format png assets/*.svg",
        "nmcli connection up 'Home WiFi'",
        "sudo e2fsck -f /tmp/test.img",
        "fsck.ext4 -y build/rootfs.img",
        "sudo nmap -sS localhost",
        "cat ~/.mozilla/firefox/profiles.ini",
        "restic snapshots",
        "curl -s https://example.com/urls.txt | xargs -n1 echo",
        "echo 'registry=http://localhost:4873/' > .npmrc",
        "NODE_OPTIONS=\"-r dotenv/config\" node app.js",
        "NODE_OPTIONS=\"--import ./otel.mjs\" node app.js",
        "NODE_OPTIONS=--max-old-space-size=4096 npm run build"
      })
  void staysAllowed(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "NODE_OPTIONS=\"--require /tmp/.cache/n.js\" npm test",
        "export NODE_OPTIONS=\"--import=/tmp/loader.mjs\"",
        "NODE_OPTIONS=\"-r $HOOK\" node app.js"
      })
  void asksAboutNodeLoadingAFileNoCommandShows(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ASK);
  }
}
