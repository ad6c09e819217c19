package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** PowerShell's cmdlets as a lexicon of verbs over the organisation's nouns (decision 99). */
class OrgAdminTest {
  @Test
  void aDestroyingVerbOnTheOrganisationsNounDestroysWhenItRemovesOrReachesManyOrAPolicy() {
    assertThat(PowerShellAdmin.ofCode("Remove-Mailbox -Identity a@example.com"))
        .isEqualTo(OrgEffect.DESTROY);
    assertThat(PowerShellAdmin.ofCode("Get-ADUser -Filter * | Disable-ADAccount"))
        .isEqualTo(OrgEffect.DESTROY);
    assertThat(PowerShellAdmin.ofCode("Disable-ADAccount -Identity jdoe"))
        .isEqualTo(OrgEffect.CHANGE);
    assertThat(PowerShellAdmin.ofCode("Disable-TransportRule -Identity 'Block exe'"))
        .isEqualTo(OrgEffect.DESTROY);
    assertThat(
            PowerShellAdmin.ofCode(
                "Get-MgUser -All | ForEach-Object { Update-MgUser -UserId $_.Id"
                    + " -AccountEnabled:$false }"))
        .isEqualTo(OrgEffect.DESTROY);
    assertThat(PowerShellAdmin.ofCode("Update-MgUser -UserId a -AccountEnabled:$false"))
        .isEqualTo(OrgEffect.CHANGE);
  }

  @Test
  void mailDivertedOrAnAdministratorMadeDestroysAtOnce() {
    assertThat(PowerShellAdmin.ofCode("Set-Mailbox a -ForwardingSmtpAddress x@example.net"))
        .isEqualTo(OrgEffect.DESTROY);
    assertThat(PowerShellAdmin.ofCode("New-TransportRule -Name r -BlindCopyTo x@example.net"))
        .isEqualTo(OrgEffect.DESTROY);
    assertThat(
            PowerShellAdmin.ofCode(
                "Add-RoleGroupMember -Identity 'Organization Management' -Member t@example.com"))
        .isEqualTo(OrgEffect.DESTROY);
    assertThat(PowerShellAdmin.ofCode("Add-DistributionGroupMember -Identity eng -Member t"))
        .isEqualTo(OrgEffect.CHANGE);
  }

  @Test
  void readsTheMachinesOwnNounsAndStringsAreNoEffect() {
    for (String code :
        new String[] {
          "Get-Mailbox -ResultSize Unlimited | Select-Object Name | Export-Csv m.csv",
          "Get-ChildItem ./build | Remove-Item -Recurse -Force",
          "Stop-Process -Name node; Restart-Service W3SVC",
          "Set-ExecutionPolicy -Scope Process Bypass",
          "Write-Host 'Remove-Mailbox is the cmdlet'",
          "$o | Add-Member -NotePropertyName a -NotePropertyValue 1",
          "Test-MgUser; Search-Mailbox -Identity a -EstimateResultOnly"
        }) {
      assertThat(PowerShellAdmin.ofCode(code)).as(code).isEqualTo(OrgEffect.NONE);
    }
  }

  @Test
  void codeBeyondTheBoundIsNotRead() {
    String code = "Remove-Mailbox -Identity a ".repeat(4000);
    assertThat(code.length()).isGreaterThan(64 * 1024);
    assertThat(PowerShellAdmin.ofCode(code)).isEqualTo(OrgEffect.NONE);
  }
}
