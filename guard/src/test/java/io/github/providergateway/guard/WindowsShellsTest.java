package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Windows' shells reached from WSL (decision 140): {@code powershell.exe}, {@code pwsh.exe} and
 * {@code cmd.exe} run code as {@code pwsh} does, in any case of their names, with PowerShell's
 * parameters as PowerShell reads them and cmd's line as cmd reads it; and ordinary PowerShell and
 * cmd of a Windows day (a value shown, a condition, a loop, an assignment) is read, not refused as
 * unreadable.
 */
class WindowsShellsTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  /** {@code Remove-Item -Recurse -Force /home/user}, UTF-16LE, base64: -EncodedCommand's form. */
  private static final String ENCODED =
      "UgBlAG0AbwB2AGUALQBJAHQAZQBtACAALQBSAGUAYwB1AHIAcwBlACAALQBGAG8AcgBjAGUAIAAvAGgAbwBtAGUALwB1AHMAZQByAA==";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "powershell.exe -Command \"Remove-Item -Recurse -Force ~\"",
        "POWERSHELL.EXE -c 'Remove-Item -Recurse -Force ~'",
        "/mnt/c/Windows/System32/WindowsPowerShell/v1.0/powershell.exe -c 'Remove-Item -Recurse ~'",
        "pwsh.exe -NoProfile -COMMAND 'Remove-Item -Recurse -Force ~'",
        "pwsh -Comm 'Remove-Item -Recurse -Force ~'",
        "pwsh /Command 'Remove-Item -Recurse -Force ~'",
        "pwsh \u2013Command 'Remove-Item -Recurse -Force ~'",
        "pwsh -c Remove-Item -Recurse -Force /home/user",
        "pwsh -NoProfile -ExecutionPolicy:Bypass -c Remove-Item -Recurse -Force /home/user",
        "powershell.exe 'Remove-Item -Recurse -Force ~'",
        "powershell.exe -nop -ep Bypass 'Remove-Item -Recurse -Force ~'",
        "echo 'Remove-Item -Recurse -Force ~' | pwsh -Command -",
        "echo 'Remove-Item -Recurse -Force ~' | powershell.exe -",
        "echo 'Remove-Item -Recurse -Force ~' | powershell.exe -NoProfile",
        "powershell.exe -EncodedCommand " + ENCODED,
        "pwsh.exe -ec " + ENCODED,
        "pwsh -c 'if (Test-Path ~) { Remove-Item -Recurse -Force ~ }'",
        "pwsh -c 'try { Remove-Item -Recurse -Force ~ } catch { Write-Host no }'",
        "pwsh -c '<# tidy #> Remove-Item -Recurse -Force ~ # gone'",
        "pwsh -c '$p = \"/home/user\"; Remove-Item -Recurse -Force $p'",
        "pwsh -c 'Get-ChildItem /home/user | Remove-Item -Recurse -Force'",
        "pwsh -c 'Get-Process | Stop-Process -Force'",
        "pwsh -c 'Stop-Process -Name * -Force'",
        "pwsh -c '& \"C:\\Windows\\System32\\cmd.exe\" /c \"rd /s /q C:\\Users\\me\"'",
        "cmd.exe /c \"rd /s /q C:\\Users\\me\"",
        "CMD.EXE /q /c \"rmdir /s /q C:\\Users\\me\"",
        "cmd.exe /C rmdir /S /Q C:\\Windows",
        "cmd.exe /c \"set X=rd & call %X% /s /q C:\\Users\\me\"",
        "cmd.exe /v:on /c \"set X=rd&& !X! /s /q C:\\Users\\me\"",
        "cmd.exe /c r^d /s /q 'C:\\Users\\me'",
        "cmd.exe /c \"start /b rd /s /q C:\\Users\\me\"",
        "cmd.exe /c \"if exist C:\\Users\\me (rd /s /q C:\\Users\\me) else (echo no)\"",
        "cmd.exe /c \"del /s /q /f C:\\Users\\me\\Documents\\*\"",
        "echo 'rd /s /q C:\\Users\\me' | cmd.exe",
        "cmd.exe /c \"type %USERPROFILE%\\.ssh\\id_rsa\"",
        "wsl.exe -e rm -rf /home/user",
        "wsl.exe -d Ubuntu -u root -- rm -rf /home/user",
        "wsl.exe sh -c 'rm -rf /home/user'",
        "cmd.exe /c \"wsl rm -rf /home/user\"",
        "wt.exe cmd /c \"rd /s /q C:\\Users\\me\"",
        "conhost.exe --headless cmd /c \"rd /s /q C:\\Users\\me\"",
        "runas /user:Administrator \"cmd /c rd /s /q C:\\Users\\me\"",
        "pwsh -c 'Microsoft.PowerShell.Management\\Remove-Item /home/user -Recurse'",
        "pwsh -c 'Get-ChildItem -Path /home/user -Recurse | Remove-Item -Force'",
        "pwsh -c 'Clear-Content ~/.bash_history'",
        "powershell.exe -c 'Format-Volume -DriveLetter D'",
        "powershell.exe -c 'Clear-Disk -Number 1 -RemoveData -Confirm:$false'"
      })
  void whatWindowsShellsRunIsDeniedAsTheShellsOwnWouldBe(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pwsh -c '[System.IO.Directory]::Delete(\"/home/user\", $true)'",
        "pwsh -c '$d = Get-Item /home/user; $d.Delete($true)'",
        "pwsh -c '& $env:ComSpec /c \"rd /s /q C:\\Users\\me\"'",
        "pwsh -c '$items = Get-ChildItem ~; $items.ForEach({ Remove-Item $_ -Recurse -Force })'",
        "pwsh -c 'Get-ChildItem ~ | ForEach-Object { Remove-Item $_.FullName -Recurse }'",
        "powershell.exe -c '$c = \"Remove-Item -Recurse ~\"; Invoke-Expression $c'",
        "cmd.exe /c \"%X% /s /q C:\\Users\\me\"",
        "cmd.exe /c \"for /d %i in (C:\\Users\\me\\*) do rd /s /q %i\"",
        "forfiles /p C:\\Users /m me /c \"cmd /c rd /s /q @path\"",
        "pwsh -c '$p = @{Path=\"/home/user\"; Recurse=$true}; Remove-Item @p'"
      })
  void whatTheGuardCannotReadThroughThemIsNotAllowed(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome())
        .as(command + " → " + verdict.reason())
        .isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "powershell.exe -c '$PSVersionTable'",
        "pwsh -c '$PSVersionTable.PSVersion.ToString()'",
        "powershell.exe -NoProfile -Command \"Get-ChildItem C:\\Users\\me\\Downloads | Select-Object Name,Length\"",
        "pwsh -c 'if (Test-Path ./build) { Write-Host yes } else { Write-Host no }'",
        "pwsh -c 'foreach ($f in Get-ChildItem ./logs) { Write-Output $f.Name }'",
        "pwsh -c '$x = Get-Content ./version.txt; Write-Output $x'",
        "pwsh -c 'Get-ChildItem -Recurse ./src | Measure-Object'",
        "powershell.exe -NoProfile -Command 'Get-Service | Where-Object { $_.Status -eq \"Running\" }'",
        "pwsh -c 'Get-ChildItem ./build/*.log | Remove-Item'",
        "pwsh -c '(Get-Date).AddDays(-7).ToString(\"yyyy-MM-dd\")'",
        "pwsh -c '[Environment]::GetEnvironmentVariable(\"PATH\")'",
        "pwsh -c 'Get-Process node | Select-Object Id, CPU'",
        "cmd.exe /c dir",
        "cmd.exe /c ver",
        "cmd.exe /c \"echo %USERPROFILE%\"",
        "cmd.exe /c \"if exist build (echo built) else (echo not built)\"",
        "cmd.exe /c \"set NODE_ENV=test && npm test\"",
        "wsl.exe --list --verbose",
        "wsl.exe -e ls /home",
        "wt.exe -p Ubuntu",
        "forfiles /p C:\\Users\\me\\Downloads /m *.log /c \"cmd /c echo @path\"",
        "pwsh -c 'Get-ChildItem ./build -Recurse | Remove-Item -Force'",
        "powershell.exe -c 'Get-Volume | Format-Table -AutoSize'"
      })
  void ordinaryPowerShellAndCmdAreAllowed(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
