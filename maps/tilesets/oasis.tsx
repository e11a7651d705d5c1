<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="oasis" tilewidth="64" tileheight="64" tilecount="27" columns="9">
 <image source="oasis.png" width="576" height="192"/>
 <tile id="0">
  <properties>
   <property name="kind" value="place"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="place"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="place"/>
   <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="place"/>
   <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="none"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="N"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="E"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="NE"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="S"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="NS"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="ES"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="NES"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="W"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="NW"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="EW"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="NEW"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="SW"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="NSW"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="ESW"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="kind" value="path"/>
   <property name="links" value="NESW"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="kind" value="place"/>
   <property name="bonus" value="oasis"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="kind" value="place"/>
   <property name="bonus" value="steppe"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="kind" value="place"/>
   <property name="bonus" value="stone"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="kind" value="blocked"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="piece" value="oasis"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="piece" value="steppe"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="piece" value="stone"/>
  </properties>
 </tile>
</tileset>
