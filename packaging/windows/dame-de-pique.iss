; Inno Setup 6.3+ (or 7) script: installs the one-folder build of Dame de pique.
; Built by `python tools/build.py` on Windows, which finds ISCC.exe (PATH, or the Inno Setup 7 / 6
; folders) and runs:
;   ISCC /Q /DAppVersion=<version from pyproject.toml> /DDistDir=<project>\dist packaging\windows\dame-de-pique.iss
; Output: dist\dame-de-pique-<version>-setup.exe. Relative paths below are from this folder.
;
; The player's profile is not part of the installation. It is where platformdirs puts a
; program's data on Windows: %LOCALAPPDATA%\dame-de-pique (the local, non-roaming folder, e.g.
; C:\Users\<name>\AppData\Local\dame-de-pique), one file profile.sqlite3. Uninstalling keeps it
; unless the person says otherwise: the uninstaller asks (No by default); a silent uninstall
; keeps it, or removes it when given /DELETEPROFILE.
; The licences: the game's MIT text is shown before installing; every bundled component's
; licence is in {app}\_internal\licences\THIRD-PARTY-LICENSES.txt (and in the game's About box).

; x64compatible (below) and the {autoprograms} constants need Inno Setup 6.3 or newer: an older
; ISCC would stop on them with a less clear message.
#if Ver < EncodeVer(6, 3, 0)
  #error Inno Setup 6.3 or newer is needed (ArchitecturesAllowed=x64compatible)
#endif
#ifndef AppVersion
  #error Pass the version from pyproject.toml: ISCC /DAppVersion=x.y.z (tools/build.py does this)
#endif
#ifndef DistDir
  #define DistDir "..\..\dist"
#endif
#define AppName "Dame de pique"
#define AppExe "dame-de-pique.exe"

[Setup]
; AppId identifies the program for upgrades and uninstall: never change it.
AppId={{5B7E2C1A-3F4D-4E8B-9A61-7C2D8E0F4A13}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Dame de pique developers
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Program Files by default; a person without admin rights can install for themselves only.
PrivilegesRequired=admin
PrivilegesRequiredOverridesAllowed=commandline dialog
; Python 3.11 needs Windows 8.1 or newer.
MinVersion=6.3
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile=..\..\LICENSE
SetupIconFile=..\..\assets\icon\icon.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
OutputDir={#DistDir}
OutputBaseFilename=dame-de-pique-{#AppVersion}-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes
#ifdef SignTool
; Signed when tools/build.py is given a certificate (DAME_SIGNTOOL): ISCC /Sdame="..." signs the
; setup and the uninstaller with it.
SignTool=dame
SignedUninstaller=yes
#endif

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "french"; MessagesFile: "compiler:Languages\French.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the program's files: what an older version left in _internal (a library
; since dropped or renamed) would otherwise stay and could be loaded by the new version.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
; The whole one-folder build: dame-de-pique.exe and its _internal folder.
Source: "{#DistDir}\dame-de-pique-folder\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon
Name: "{autoprograms}\{#AppName} - {cm:Licences}"; Filename: "{app}\_internal\licences\THIRD-PARTY-LICENSES.txt"

[CustomMessages]
english.Licences=licences
french.Licences=licences
english.DeleteProfile=Also delete your Dame de pique profile (settings, the game in progress, statistics and history)?%n%nIt is in %1. Choose No to keep it for a later installation.
french.DeleteProfile=Supprimer aussi votre profil Dame de pique (réglages, partie en cours, statistiques et historique) ?%n%nIl se trouve dans %1. Choisissez Non pour le garder pour une prochaine installation.

[Code]
// The profile folder platformdirs uses: user_data_dir("dame-de-pique", appauthor=False).
function ProfileDir(): String;
begin
  Result := ExpandConstant('{localappdata}\dame-de-pique');
end;

function DeleteProfileAsked(): Boolean;
var
  I: Integer;
begin
  Result := False;
  for I := 1 to ParamCount do
    if CompareText(ParamStr(I), '/DELETEPROFILE') = 0 then
      Result := True;
end;

procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
begin
  if (CurUninstallStep = usPostUninstall) and DirExists(ProfileDir()) then
  begin
    if DeleteProfileAsked() or ((not UninstallSilent()) and
       (MsgBox(FmtMessage(CustomMessage('DeleteProfile'), [ProfileDir()]),
               mbConfirmation, MB_YESNO or MB_DEFBUTTON2) = IDYES)) then
      DelTree(ProfileDir(), True, True, True);
  end;
end;

[Run]
; The firewall: a rule for the installed program, so that hosting a table on the local network
; does not stop at Windows' prompt (where "Cancel" leaves guests unable to connect without a
; word). Private networks only; replaced on upgrade, removed on uninstall. Admin installs only
; (a per-user install cannot add rules: Windows then asks at the first table hosted).
Filename: "{sys}\netsh.exe"; Parameters: "advfirewall firewall delete rule name=""{#AppName}"" program=""{app}\{#AppExe}"""; Flags: runhidden; Check: IsAdminInstallMode
Filename: "{sys}\netsh.exe"; Parameters: "advfirewall firewall add rule name=""{#AppName}"" dir=in action=allow program=""{app}\{#AppExe}"" enable=yes profile=private"; Flags: runhidden; Check: IsAdminInstallMode
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[UninstallRun]
Filename: "{sys}\netsh.exe"; Parameters: "advfirewall firewall delete rule name=""{#AppName}"" program=""{app}\{#AppExe}"""; Flags: runhidden; RunOnceId: "DeleteFirewallRule"
