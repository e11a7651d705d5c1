<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="colorado" tilewidth="64" tileheight="64" tilecount="55" columns="8">
 <image source="colorado.png" width="512" height="448"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="meadow"/>
   <property name="border" type="bool" value="false"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="meadow"/>
   <property name="border" type="bool" value="false"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="meadow"/>
   <property name="border" type="bool" value="false"/>
   <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="meadow"/>
   <property name="border" type="bool" value="false"/>
   <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="meadow"/>
   <property name="border" type="bool" value="true"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="meadow"/>
   <property name="border" type="bool" value="true"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="meadow"/>
   <property name="border" type="bool" value="true"/>
   <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="meadow"/>
   <property name="border" type="bool" value="true"/>
   <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="none"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="N"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="E"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NE"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NE"/>
   <property name="notches" value="NE"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="S"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NS"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="ES"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="ES"/>
   <property name="notches" value="SE"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NES"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NES"/>
   <property name="notches" value="NE"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NES"/>
   <property name="notches" value="SE"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NES"/>
   <property name="notches" value="NE,SE"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="W"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NW"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NW"/>
   <property name="notches" value="NW"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="EW"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NEW"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NEW"/>
   <property name="notches" value="NE"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NEW"/>
   <property name="notches" value="NW"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NEW"/>
   <property name="notches" value="NE,NW"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="SW"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="SW"/>
   <property name="notches" value="SW"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NSW"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NSW"/>
   <property name="notches" value="SW"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NSW"/>
   <property name="notches" value="NW"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NSW"/>
   <property name="notches" value="SW,NW"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="ESW"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="ESW"/>
   <property name="notches" value="SE"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="ESW"/>
   <property name="notches" value="SW"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="ESW"/>
   <property name="notches" value="SE,SW"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="none"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="NE"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="SE"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="NE,SE"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="SW"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="NE,SW"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="SE,SW"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="NE,SE,SW"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="NW"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="NE,NW"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="SE,NW"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="NE,SE,NW"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="SW,NW"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="NE,SW,NW"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="SE,SW,NW"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="border" type="bool" value="false"/>
   <property name="links" value="NESW"/>
   <property name="notches" value="NE,SE,SW,NW"/>
  </properties>
 </tile>
</tileset>
